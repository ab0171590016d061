/**
 * `npm run start:worker -- --server https://studio.example --token rlw_…` (or RENDERLIFT_SERVER and WORKER_TOKEN): a
 * worker on another machine that joins a Renderlift server over HTTPS with a worker token. It needs no DATABASE_URL and
 * no storage keys; ENGINE_PROVIDER, ENGINE_THREADS, MODEL_CACHE_DIR and LOG_LEVEL apply as on the server.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@server/config.js';
import { createLogger } from '@server/logger.js';
import { APP_VERSION } from '@server/app-version.js';
import { probeSize, resolveExecutionProvider } from '@engine/index.js';
import { createThreadedEngine } from '@worker/threaded-engine.js';
import { createWorkerApiClient, serverUrlProblem } from '@worker/remote/worker-api-client.js';
import { startRemoteWorker } from '@worker/remote/remote-worker.js';

const USAGE = 'Usage: npm run start:worker -- --server https://<server> --token rlw_… [--concurrency N]  (or RENDERLIFT_SERVER and WORKER_TOKEN)';

/** The remote worker's settings from its arguments and environment; a string says what is wrong. */
export function remoteWorkerSettings(argv: string[], env: Record<string, string | undefined>): { server: string; token: string; concurrency: number } | string {
  let values: { server?: string; token?: string; concurrency?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { server: { type: 'string' }, token: { type: 'string' }, concurrency: { type: 'string' } } }));
  } catch (err) {
    return `${(err as Error).message}\n${USAGE}`;
  }
  const server = values.server ?? env.RENDERLIFT_SERVER;
  const token = values.token ?? env.WORKER_TOKEN;
  if (!server || !token) return `A remote worker needs the server's address and a worker token.\n${USAGE}`;
  const problem = serverUrlProblem(server);
  if (problem) return problem;
  const concurrency = Number(values.concurrency ?? env.WORKERS ?? 1);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) return `--concurrency must be a whole number from 1 to 64.\n${USAGE}`;
  return { server, token, concurrency };
}

export async function runRemoteWorker(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const settings = remoteWorkerSettings(argv, env);
  if (typeof settings === 'string') {
    console.error(settings);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL).child({ role: 'remote-worker' });
  const version = APP_VERSION;
  fs.mkdirSync(config.paths.models, { recursive: true });
  const engineProvider = resolveExecutionProvider(config.ENGINE_PROVIDER);
  if (engineProvider.warning) logger.warn({ provider: engineProvider.provider }, engineProvider.warning);
  const engine = createThreadedEngine({
    modelsDir: config.paths.models,
    extraModelsDir: config.MODELS_DIR,
    threads: config.ENGINE_THREADS,
    executionProvider: engineProvider.provider,
  });
  const client = createWorkerApiClient({
    server: settings.server,
    token: settings.token,
    info: { version, provider: engineProvider.provider },
    onRetry: (what, err, attempt) => logger.warn({ what, attempt, err: String((err as Error)?.message ?? err) }, 'call failed; retrying'),
  });
  const worker = startRemoteWorker({ client, engine, concurrency: settings.concurrency, logger, probe: probeSize });
  logger.info({ server: settings.server, version, provider: engineProvider.provider }, 'joined the server');
  let signals = 0;
  const onSignal = () => {
    // the first signal hands running jobs back; a second one stops at once (the server requeues them after their heartbeat)
    if (++signals > 1) process.exit(130);
    logger.info('stopping: handing running jobs back');
    void worker.stop();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const refused = await worker.stopped;
  // the idle engine process does not hold the event loop open, so a timer does while it closes (5 s at most)
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([engine.close(), new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
  clearTimeout(timer);
  logger.info('remote worker stopped');
  if (refused) console.error(refused.message);
  return refused ? 1 : 0;
}
