import type { Config } from './config.js';
import type { Database, Db } from './db/database.js';
import type { EventBus } from './adapters/events/event-bus.js';
import type { Logger } from './logger.js';

/**
 * What services receive: the outside world as ports, chosen once in the composition root (main.ts).
 * Services import these interfaces, never an adapter.
 */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  events: EventBus;
  logger: Logger;
  /** Injected so tests can move time. */
  clock: () => Date;
}

/** The signed-in user as routes and services see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
}
