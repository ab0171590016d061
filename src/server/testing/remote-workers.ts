/**
 * Remote workers run for real: a Renderlift server as its own process (single-machine mode on PGlite, with no workers
 * of its own), and workers started as `npm run start:worker -- --server … --token …` starts them, each its own OS
 * process that reaches the server over HTTP on loopback and nothing else. Used by the standing remote-worker test and
 * by `npm run bench:remote`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { MODEL_CACHE_DIR } from './scale-out.js';
import { signUpVerified, type TestClient } from './test-server.js';
import { trackProcess, type TrackedProcess } from './tracked-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const { BASE_URL: _runnerBaseUrl, ...parentEnv } = process.env;
const started: ChildProcess[] = [];
// a worker knows the server's address and its token: none of the runner's database or storage settings reach it
const { DATABASE_URL: _db, TEST_DATABASE_URL: _testDb, STORAGE_URL: _storage, ...workerEnv } = parentEnv;

export type RemoteWorkerProcess = TrackedProcess;

export interface RemoteCluster {
  url: string;
  dataDir: string;
  server: ServerProcess;
  /** An operator command through the running server's socket; its output. */
  admin(...args: string[]): Promise<string>;
  /** A new worker token made with `npm run admin -- worker-token create`. */
  createToken(name: string, ...flags: string[]): Promise<string>;
  startWorker(token: string, env?: Record<string, string>): RemoteWorkerProcess;
  /** A user with a complimentary Enterprise plan who is also an admin. */
  signedInAdmin(): Promise<TestClient>;
  stop(): Promise<void>;
}

export function killRemoteWorkerProcesses() {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

export function spawnRemoteWorker(url: string, token: string, env: Record<string, string> = {}): RemoteWorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/worker-main.ts', '--server', url, '--token', token], {
    cwd: root,
    env: { ...workerEnv, NODE_ENV: 'development', LOG_LEVEL: 'info', MODEL_CACHE_DIR, ENGINE_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return trackProcess(child);
}

export async function startRemoteCluster(env: Record<string, string> = {}): Promise<RemoteCluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-remote-'));
  const server = startServerProcess({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    MODEL_CACHE_DIR,
    // jobs run on the remote workers alone
    WORKERS: '0',
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_SUPERVISE_INTERVAL_SECONDS: '1',
    ENTERPRISE_CONCURRENCY: '32',
    RATE_LIMIT_SIGN_UP: '1000/60',
    RATE_LIMIT_SIGN_IN: '1000/60',
    ...env,
  });
  const port = await server.listening;
  const url = `http://127.0.0.1:${port}`;
  const admin = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
        cwd: root,
        env: { ...parentEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin ${args.join(' ')} exited ${code}: ${out}`))));
    });
  return {
    url,
    dataDir,
    server,
    admin,
    async createToken(name, ...flags) {
      const out = await admin('worker-token', 'create', name, ...flags);
      const token = /\b(rlw_[\w-]+)/.exec(out)?.[1];
      if (!token) throw new Error(`no token in: ${out}`);
      return token;
    },
    startWorker: (token, workerEnv) => spawnRemoteWorker(url, token, workerEnv),
    async signedInAdmin() {
      const email = `remote-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
      const client = await signUpVerified(url, email, { first: 'Remote', last: 'Worker' });
      await admin('grant-plan', email, 'enterprise');
      await admin('make-admin', email);
      return client;
    },
    async stop() {
      killRemoteWorkerProcesses();
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        const forced = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
        await server.exited;
        clearTimeout(forced);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
