/**
 * A server of its own for journeys that stop and restart it under a running browser: `scripts/e2e-server.ts` in a
 * child process on its own port and data folder, kept between runs, so accounts and sessions survive a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RestartableServer {
  url: string;
  dataDir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

export async function restartableServer(): Promise<RestartableServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-e2e-restart-'));
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    log = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
      cwd: ROOT,
      env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_KEEP_DATA: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${log}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not answer /healthz within 120 s:\n${log}`);
  };

  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url,
    dataDir,
    start,
    stop,
    dispose: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
