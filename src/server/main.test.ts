import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { user } from './db/schema.js';
import { SseReader } from './testing/sse.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-main-'));
const children: ChildProcess[] = [];
// the test runner defines BASE_URL=/ for its own purposes; the server would rightly reject it
const { BASE_URL: _ignored, ...parentEnv } = process.env;

/** Starts `src/server/main.ts` as `npm start` does (without the web build step) and waits until it listens. */
async function start(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...parentEnv, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(dataDir, 'web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = out.match(/listening on port (\d+)/);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 50);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${err}${out}`));
    });
  });
  return { child, port, exited, output: () => out + err };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('shuts down gracefully on SIGTERM, ending open streams and releasing the data folder', async () => {
    const s = await start();
    expect((await fetch(`http://127.0.0.1:${s.port}/readyz`)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    const sse = await SseReader.open(`http://127.0.0.1:${s.port}/api/events`);
    await sse.next((m) => m.event === 'ready');
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    await sse.ended();
    expect(s.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('keeps data written before a restart', async () => {
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await db.db.insert(user).values({ id: 'kept', name: 'Kept', email: 'kept@example.com' });
    await db.close();
    const s = await start();
    s.child.kill('SIGINT');
    expect(await s.exited).toBe(0);
    const again = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    expect((await again.db.select().from(user)).map((u) => u.email)).toContain('kept@example.com');
    await again.close();
  });

  it('refuses a second server on the same data folder, but takes operator commands through its socket', async () => {
    const first = await start();
    const { main: admin } = await import('../../scripts/admin.js');
    const lines: string[] = [];
    expect(await admin(['grant-plan', 'nobody@example.com', 'basic'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain('User not found');
    expect(await admin(['frobnicate'], { DATA_DIR: dataDir }, (l) => lines.push(l))).toBe(2);
    const second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...parentEnv, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    second.stderr!.on('data', (d) => (err += d));
    const code = await new Promise((resolve) => second.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('is using');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('recovers after being killed with SIGKILL', async () => {
    const s = await start();
    s.child.kill('SIGKILL');
    await s.exited;
    // the stale lock of a dead process is taken over and the database opens cleanly
    const again = await start();
    expect((await fetch(`http://127.0.0.1:${again.port}/readyz`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    expect((await db.db.select().from(user)).map((u) => u.email)).toContain('kept@example.com');
    await db.close();
  });
});
