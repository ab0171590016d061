import type { Config } from './config.js';
import type { Database, Db } from './db/database.js';
import type { EventBus } from './ports/event-bus.js';
import type { Logger } from './logger.js';
import type { Mailer } from './ports/mailer.js';
import type { Auth } from './auth/auth.js';
import type { AccountDeletionParticipant } from './services/accounts/account-deletion.js';
import type { Storage } from './ports/storage.js';
import type { JobQueue } from './ports/job-queue.js';
import type { Payments } from './ports/payments.js';
import type { ImageProcessing } from './ports/image-processing.js';
import type { Metrics } from './ports/metrics.js';
import type { CreativityNetwork } from '@engine/creativity-network.js';
import type { ExecutionProviderChoice } from '@engine/execution-provider.js';

/**
 * What services receive: the outside world as ports, chosen once in the composition root (src/main/server.ts).
 * Services import these interfaces, never an adapter.
 */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  events: EventBus;
  logger: Logger;
  /** Stored files: local disk or S3 (src/server/adapters/storage). */
  storage: Storage;
  /** pg-boss on the same database: image jobs, maintenance, schedules. */
  queue: JobQueue;
  /** Injected so tests can move time. */
  clock: () => Date;
  /** Records every message in the outbox; delivers over SMTP when SMTP_URL is set. */
  mailer: Mailer;
  /** better-auth: sessions, sign-in, sign-out, TOTP, admin role. */
  auth: Auth;
  /** Stripe, or the built-in test checkout when STRIPE_SECRET_KEY is unset (src/server/adapters/payments). */
  payments: Payments;
  /** Pixel work outside the engine: mask reading, result previews (src/server/adapters/images). */
  imaging: ImageProcessing;
  /** What is counted for monitoring: Prometheus on METRICS_PORT, or nothing when it is unset (src/server/adapters/metrics). */
  metrics: Metrics;
  /**
   * Everything that holds a user's data outside the cascade of the users row (stored files, external customers)
   * registers here; DELETE /api/account runs each one inside the deletion transaction.
   */
  accountDeletion: AccountDeletionParticipant[];
  /** Which network Creativity runs on this machine (Real-ESRGAN x4plus from the optional package, or the fallback). */
  engineModels: CreativityNetwork;
  /** The execution provider the engine runs on (ENGINE_PROVIDER, or the CPU when CUDA's provider is not installed). */
  engineProvider: ExecutionProviderChoice;
  /** The engine thread's memory, for /readyz: set where the process starts an engine, absent (or null) elsewhere. */
  engineMemory?: () => Promise<EngineMemoryFigures | null>;
}

/** Bytes as process.memoryUsage() counts them, of the engine's thread; `stale` when the busy thread answered late. */
export interface EngineMemoryFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Model sessions the engine holds; 0 once it has released them after a quiet spell. */
  modelsLoaded: number;
  measuredAt: string;
  stale: boolean;
}

/** The signed-in user as routes and services see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
}
