import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { ConfigError, type Config } from '@server/config.js';
import type { Deps } from '@server/deps.js';
import { openDatabase, type Database } from '@server/db/database.js';
import { createInProcessEventBus } from '@server/adapters/events/in-process.js';
import { createPostgresEventBus } from '@server/adapters/events/postgres.js';
import type { EventBus } from '@server/ports/event-bus.js';
import { createLogger, type Logger } from '@server/logger.js';
import { createApp } from '@server/app.js';
import { StreamRegistry } from '@server/routes/events.js';
import { lockDataDir } from '@server/data-dir-lock.js';
import { ensureDataDir } from '@server/data-dir-access.js';
import { removeStaleSpools } from '@server/http/multipart-files.js';
import { lingerOnUnreadBodies } from '@server/http/lingering-close.js';
import { keepConnectionsAlive } from '@server/http/keep-alive.js';
import { pgliteClosedCleanly } from '@server/db/pglite-control.js';
import { createStorage, storageConfigProblems } from '@server/adapters/storage/create-storage.js';
import { storageDeletionParticipant } from '@server/services/storage/delete-user-files.js';
import { authSecretConfigProblems, resolveAuthSecret } from '@server/auth-secret.js';
import { createMailer } from '@server/adapters/mail/create-mailer.js';
import { createAuth } from '@server/auth/auth.js';
import { createUserResolver } from '@server/auth/session-user.js';
import { createPgBossQueue } from '@server/adapters/queue/pg-boss-queue.js';
import { startOperatorSocket } from '@server/operator/operator-socket.js';
import { createPayments, paymentsConfigProblems } from '@server/adapters/payments/create-payments.js';
import { paymentsDeletionParticipant } from '@server/services/billing/account-deletion.js';
import { createSharpImageProcessing } from '@server/adapters/images/sharp-image-processing.js';
import { startJobProcessing, type JobProcessing } from './job-processing.js';
import { creativityNetwork } from '@engine/creativity-network.js';
import { resolveExecutionProvider } from '@engine/execution-provider.js';
import { processRoleProblems } from '@server/process-role-problems.js';
import { noMetrics } from '@server/adapters/metrics/none.js';
import { createPrometheusMetrics, type PrometheusMetrics } from '@server/adapters/metrics/prometheus.js';
import { readMetricsSnapshot } from '@server/services/metrics/metrics-snapshot.js';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  /** Where Prometheus scrapes this process (METRICS_PORT), when metrics are on. */
  metricsUrl?: string;
  /**
   * Graceful stop: stop accepting, finish in-flight requests (for half of SHUTDOWN_TIMEOUT_MS at most), end streams,
   * hand running jobs back to the queue, stop the queue, close the database and release the data folder.
   */
  close(): Promise<void>;
  /** The last resort when the graceful stop is overtaken: drop connections, close the database, release the data folder. */
  forceClose(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Use this database instead of opening one from the config (tests share an in-memory PGlite). */
  database?: Database;
  clock?: () => Date;
}

/**
 * Every combination of settings the server cannot run with that shows without the database. Checked before the data
 * folder is taken, so a start refused for its configuration leaves nothing to recover.
 */
export function configurationProblems(config: Config): ConfigError['issues'] {
  return [...processRoleProblems(config), ...authSecretConfigProblems(config), ...paymentsConfigProblems(config), ...storageConfigProblems(config)];
}

/** The composition root: picks adapters from the config, wires them, and starts listening. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const problems = configurationProblems(config);
  if (problems.length) throw new ConfigError(problems);
  const { warning } = ensureDataDir(config.paths.data);
  if (warning) logger.warn({ dataDir: config.paths.data }, warning);
  const ownsPglite = !opts.database && !config.DATABASE_URL;
  const releaseLock = ownsPglite
    ? lockDataDir(config.paths.data, { onStale: (pid) => logger.warn({ pid }, 'took over the data folder of a server that did not stop cleanly') })
    : () => {};
  // what a start that fails part-way has opened, undone newest first: the database is closed cleanly and the data
  // folder released, so the next start finds nothing to recover
  const undo: (() => unknown)[] = [releaseLock];
  try {
    fs.mkdirSync(config.paths.tmp, { recursive: true });
    // an upload in flight when a process died left its spool behind; an hour is far longer than any upload takes
    const staleSpools = removeStaleSpools(config.paths.tmp, 60 * 60 * 1000);
    if (staleSpools) logger.info({ removed: staleSpools }, 'removed upload spools left by an earlier process');
    if (ownsPglite && pgliteClosedCleanly(config.paths.db) === false) {
      logger.warn('the embedded database was not closed cleanly; recovering it from its write-ahead log');
    }
    const database =
      opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.paths.db, poolSize: config.DATABASE_POOL_SIZE }));
    if (!opts.database) undo.push(() => database.close());
    await database.migrate();
    const events: EventBus =
      database.kind === 'postgres'
        ? await createPostgresEventBus({ connectionString: database.connectionString, onError: (err) => logger.warn({ err }, 'realtime listener error') })
        : createInProcessEventBus();
    undo.push(() => events.close());

    const clock = opts.clock ?? (() => new Date());
    const storage = createStorage(config, { secret: resolveAuthSecret(config), now: clock });
    const mailer = createMailer(config, { db: database.db, clock, logger });
    undo.push(() => mailer.close());
    const payments = createPayments(config, logger);
    const auth = createAuth({ config, db: database.db, logger, secret: resolveAuthSecret(config) });
    const queue = createPgBossQueue({
      database,
      logger,
      heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
      superviseIntervalSeconds: config.JOB_SUPERVISE_INTERVAL_SECONDS,
    });
    await queue.start();
    undo.push(() => queue.stop());
    // Prometheus on a port of its own when METRICS_PORT is set; counted from here on, served once the server listens
    const prometheus: PrometheusMetrics | undefined =
      config.METRICS_PORT !== undefined ? createPrometheusMetrics({ logger, role: config.PROCESS_ROLE }) : undefined;
    if (prometheus) undo.push(() => prometheus.close());
    const engineModels = creativityNetwork();
    // ENGINE_PROVIDER=cuda without onnxruntime's CUDA provider installed runs on the CPU, said once here and on /readyz
    const engineProvider = resolveExecutionProvider(config.ENGINE_PROVIDER);
    if (engineProvider.warning) logger.warn({ provider: engineProvider.provider }, engineProvider.warning);
    else if (engineProvider.provider === 'cuda') logger.info({ provider: 'cuda' }, 'the engine runs on onnxruntime’s CUDA provider');
    if (engineModels.creativity === 'fallback') logger.warn({ reason: engineModels.reason }, 'Creativity and Precision run without Real-ESRGAN');
    else logger.info({ creativity: engineModels.creativity }, 'Creativity runs on Real-ESRGAN');
    const deps: Deps = {
      config,
      database,
      db: database.db,
      events,
      logger,
      storage,
      queue,
      clock,
      mailer,
      auth,
      payments,
      imaging: createSharpImageProcessing(),
      metrics: prometheus ?? noMetrics,
      accountDeletion: [],
      engineModels,
      engineProvider,
    };
    // account deletion removes every stored file of the user once the rows are gone
    deps.accountDeletion.push(storageDeletionParticipant(deps));
    // and ends the user's paid subscriptions at the payment provider
    deps.accountDeletion.push(paymentsDeletionParticipant(deps));
    const processing: JobProcessing = await startJobProcessing(deps);
    undo.push(async () => {
      await processing.stop();
      await processing.closeEngine();
    });
    deps.engineMemory = () => processing.engineMemory();
    // `npm run admin` reaches a running single-machine server here, since nobody else may open its database
    const operator = !opts.database && database.kind === 'pglite' ? await startOperatorSocket({ config, database, logger }) : undefined;
    if (operator) undo.push(() => operator.close());
    const streams = new StreamRegistry();
    const { app } = createApp(deps, { streams, resolveUser: createUserResolver(auth) });
    const metricsUrl = prometheus
      ? (
          await prometheus.listen({
            port: config.METRICS_PORT!,
            host: config.METRICS_HOST,
            snapshot: () => readMetricsSnapshot(deps, { sseClients: () => streams.size }),
          })
        ).url
      : undefined;
    if (metricsUrl) logger.info({ url: metricsUrl }, 'metrics');

    // a port already in use (or not ours to take) fails the start, which then closes what it opened
    const server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
        s.off('error', reject);
        resolve(s as Server);
      });
      s.once('error', reject);
      lingerOnUnreadBodies(s as Server);
      keepConnectionsAlive(s as Server);
    });
    const port = (server.address() as AddressInfo).port;
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    logger.info({ port, database: database.kind, role: config.PROCESS_ROLE }, 'listening');
    if (config.isProduction && !config.baseUrlFixed) {
      logger.warn('BASE_URL is not set: links in e-mails follow the address each request names; set BASE_URL to the public address');
    }

    let databaseClosing: Promise<void> | undefined;
    const closeDatabase = () =>
      (databaseClosing ??= (async () => {
        if (!opts.database) {
          await database.close();
          logger.info({ database: database.kind }, 'database closed');
        }
        releaseLock();
      })());

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        logger.info('shutting down');
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        streams.closeAll();
        server.closeIdleConnections();
        // the rest of the stop (jobs, queue, database) keeps the other half of the window
        const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS / 2);
        await closed;
        clearTimeout(timer);
        await operator?.close();
        await prometheus?.close();
        await processing.stop();
        await queue.stop();
        logger.info('queue stopped');
        await events.close();
        mailer.close();
        await closeDatabase();
        // the engine thread needs no database: its current tile may finish after the data is safe
        await processing.closeEngine();
        logger.info('stopped');
      })());

    const forceClose = async () => {
      server.closeAllConnections();
      await closeDatabase();
    };

    return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, deps, metricsUrl, close, forceClose };
  } catch (err) {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (stepErr) {
        logger.warn({ err: stepErr }, 'a part of the failed start could not be closed');
      }
    }
    throw err;
  }
}
