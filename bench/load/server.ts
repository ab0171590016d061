/**
 * The benchmarks' server: Renderlift started as its own process on loopback (single-machine defaults, the given data
 * folder), and a signed-in, verified user made through the public routes and the development mailbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { signUpVerified, type TestClient } from '@server/testing/test-server.js';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(root, 'src/main/main.ts');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** `env` adds to or overrides the defaults (no workers, generous sign-up and sign-in limits). */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WORKERS: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_SIGN_UP: '1000/60',
      RATE_LIMIT_SIGN_IN: '1000/60',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  child.stdout!.resume();
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function signUp(url: string, i: number): Promise<{ client: TestClient; email: string }> {
  const email = `load-${i}-${Date.now()}@example.com`;
  return { client: await signUpVerified(url, email, { first: 'Load', last: `User ${i}` }), email };
}
