/**
 * Renderlift scaled out on one machine: API processes (`PROCESS_ROLE=api`) and worker processes (`PROCESS_ROLE=worker`)
 * as separate OS processes on one fresh PostgreSQL database and one S3-compatible bucket, the APIs behind a round-robin
 * proxy whose address is every API's BASE_URL. Used by the standing multi-process test and by `npm run bench:scale`.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { trackProcess, type TrackedProcess } from './tracked-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
// a test runner defines BASE_URL=/ for its own purposes; each process here gets the proxy's address instead
const { BASE_URL: _runnerBaseUrl, ...parentEnv } = process.env;
/** Converted models are shared with the test suite, so the npm weights are converted once per machine. */
export const MODEL_CACHE_DIR = path.join(os.tmpdir(), 'renderlift-test-models');

export type Role = 'api' | 'worker';

export interface ScaleOutProcess extends Omit<TrackedProcess, 'output'> {
  role: Role;
  /** Its place among the processes of its role, as started (also the proxy's upstream index for an API). */
  index: number;
  /** The API's own address (the worker's health port for a worker). */
  url: string;
  log(): string;
}

export interface ScaleOut {
  database: TestDatabase;
  s3: S3TestServer;
  proxy: RoundRobinProxy;
  apis: ScaleOutProcess[];
  workers: ScaleOutProcess[];
  startWorker(): Promise<ScaleOutProcess>;
  stop(): Promise<void>;
}

export interface ScaleOutOptions {
  apis: number;
  workers: number;
  /** An administrative PostgreSQL URL: a database is made for the run and dropped by `stop`. */
  databaseUrl: string;
  /**
   * Run on a database and a bucket that exist already (an install moved by migrate-data) instead of fresh ones; they
   * are left as they are by `stop`.
   */
  existing?: { databaseUrl: string; s3: S3TestServer };
  /** Over every process's environment. */
  env?: Record<string, string>;
  workerEnv?: Record<string, string>;
}

const spawned: ChildProcess[] = [];

/** Kills every process started here that still runs (a test whose start timed out never got its cluster to stop). */
export function killScaleOutProcesses() {
  for (const c of spawned) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

function spawnRole(role: Role, index: number, env: Record<string, string>): Promise<ScaleOutProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `renderlift-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
    cwd: root,
    env: { ...parentEnv, ...env, PROCESS_ROLE: role, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  const tracked = trackProcess(child);
  const exited = tracked.exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const out = tracked.output();
      const port = /listening on port (\d+)/.exec(out)?.[1];
      // a worker is ready once its queue workers run, an API once it listens
      if (!port || (role === 'worker' && !out.includes('"msg":"workers started"'))) return;
      clearInterval(timer);
      resolve({
        ...tracked,
        role,
        index,
        url: `http://127.0.0.1:${port}`,
        log: tracked.output,
        kill: async () => {
          await tracked.kill();
          await exited;
        },
      });
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`the ${role} process exited before it was ready:\n${tracked.output().slice(-4000)}`));
    });
  });
}

/** A database that exists already, opened for the checks of `scale-out-checks.ts`; `dispose` only closes it. */
async function openExisting(url: string): Promise<TestDatabase> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  return { database, url, dispose: () => database.close() };
}

export async function startScaleOut(opts: ScaleOutOptions): Promise<ScaleOut> {
  const existing = opts.existing;
  const [database, s3, proxy] = await Promise.all([
    existing ? openExisting(existing.databaseUrl) : createTestDatabase('postgres', opts.databaseUrl),
    existing ? existing.s3 : startS3Server(),
    startRoundRobinProxy(),
  ]);
  const common: Record<string, string> = {
    ...s3.env,
    NODE_ENV: 'development',
    DATABASE_URL: database.url!,
    DATABASE_POOL_SIZE: '4',
    // one secret and one public address on every instance: a session or a signed URL from one is good on all
    AUTH_SECRET: randomBytes(32).toString('hex'),
    BASE_URL: proxy.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MODEL_CACHE_DIR,
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_SUPERVISE_INTERVAL_SECONDS: '1',
    ENTERPRISE_CONCURRENCY: '32',
    RATE_LIMIT_SIGN_UP: '1000/60',
    RATE_LIMIT_SIGN_IN: '1000/60',
    ...opts.env,
  };
  const apis: ScaleOutProcess[] = [];
  const workers: ScaleOutProcess[] = [];
  const startWorker = async () => {
    const w = await spawnRole('worker', workers.length, { ...common, WORKERS: '1', ...opts.workerEnv });
    workers.push(w);
    return w;
  };
  const stop = async () => {
    await Promise.all([...apis, ...workers].map((p) => p.kill()));
    await proxy.close();
    await Promise.all(existing ? [database.database.close()] : [s3.stop(), database.dispose()]);
  };
  try {
    // all at once: each start is mostly the loading of its modules
    const starting = Array.from({ length: opts.apis }, (_, i) => spawnRole('api', i, { ...common, WORKERS: '0' }));
    const startingWorkers = Array.from({ length: opts.workers }, (_, i) => spawnRole('worker', i, { ...common, WORKERS: '1', ...opts.workerEnv }));
    const settled = await Promise.allSettled([...starting, ...startingWorkers]);
    for (const s of settled) if (s.status === 'fulfilled') (s.value.role === 'api' ? apis : workers).push(s.value);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    proxy.setUpstreams(apis.map((a) => a.url));
  } catch (err) {
    await stop();
    throw err;
  }
  return { database, s3, proxy, apis, workers, startWorker, stop };
}
