import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Config } from './config.js';
import type { Deps } from './deps.js';
import { openDatabase, type Database } from './db/database.js';
import { createInProcessEventBus } from './adapters/events/in-process.js';
import { createPostgresEventBus } from './adapters/events/postgres.js';
import type { EventBus } from './adapters/events/event-bus.js';
import { createLogger, type Logger } from './logger.js';
import { createApp } from './app.js';
import { StreamRegistry } from './routes/events.js';
import { lockDataDir } from './data-dir-lock.js';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  /** Graceful stop: stop accepting, finish in-flight requests, end streams, close the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Use this database instead of opening one from the config (tests share an in-memory PGlite). */
  database?: Database;
  clock?: () => Date;
}

/** The composition root: picks adapters from the config, wires them, and starts listening. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const releaseLock = !opts.database && !config.DATABASE_URL ? lockDataDir(config.paths.data) : () => {};
  let database: Database | undefined;
  let events: EventBus | undefined;
  try {
    database =
      opts.database ??
      (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.paths.db, poolSize: config.DATABASE_POOL_SIZE }));
    await database.migrate();
    events =
      database.kind === 'postgres'
        ? await createPostgresEventBus({ connectionString: database.connectionString, onError: (err) => logger.warn({ err }, 'realtime listener error') })
        : createInProcessEventBus();
  } catch (err) {
    await events?.close();
    if (!opts.database) await database?.close();
    releaseLock();
    throw err;
  }

  const deps: Deps = { config, database, db: database.db, events, logger, clock: opts.clock ?? (() => new Date()) };
  const streams = new StreamRegistry();
  const { app } = createApp(deps, { streams });

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s as Server));
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  logger.info({ port, database: database.kind, role: config.PROCESS_ROLE }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info('shutting down');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      streams.closeAll();
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      await events!.close();
      if (!opts.database) await database!.close();
      releaseLock();
      logger.info('stopped');
    })());

  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, deps, close };
}
