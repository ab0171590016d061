import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteClosedCleanly } from '@server/db/pglite-control.js';
import { signUpVerified } from '@server/testing/test-server.js';
import { killServerProcesses, logEntries, RECOVERY, STALE_LOCK, startServerProcess } from '@server/testing/server-process.js';

const tmpDirs: string[] = [];

/** A folder path under the system's temporary folder that does not exist yet: the server creates it. */
function freshPath(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-data-folder-'));
  tmpDirs.push(parent);
  return path.join(parent, 'data');
}

/**
 * Runs `src/main/main.ts` as `npm start` does, on `dataDir`; `listening` resolves with the port, or rejects when the
 * process exits. NODE_ENV=test: the engine thread starts but does not convert models in the background.
 */
const run = (dataDir: string, env: Record<string, string> = {}) =>
  startServerProcess({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(dataDir, 'web'), ...env });

/** Starts the server again on `dir` and stops it: the start before left no lock behind and a cleanly closed database. */
async function expectCleanStart(dir: string) {
  const again = run(dir);
  await again.listening;
  const log = logEntries(again.stdout()).map((m) => m.msg);
  expect(log).not.toContain(STALE_LOCK);
  expect(log).not.toContain(RECOVERY);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}

/** Every entry under `dir` (itself included) whose mode gives group or others any access. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.mode & 0o077) found.push(`${(st.mode & 0o777).toString(8)} ${path.relative(dir, p) || '.'}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found;
}

const countFiles = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0);

afterAll(() => {
  killServerProcesses();
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('the data folder', { timeout: 240_000 }, () => {
  it('is created for the server account alone, and so is every file the server writes in it', async () => {
    const dir = freshPath();
    const s = run(dir);
    const port = await s.listening;
    const url = `http://127.0.0.1:${port}`;
    const client = await signUpVerified(url, 'owner-only@example.com', { first: 'Owen', last: 'Only' });
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'owner-only.png');
    const upload = await client.json('/api/uploads', { method: 'POST', body: form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);

    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    // while it runs: the lock, the operator socket, the generated secret, the database and the stored upload
    for (const name of ['server.lock', 'operator.sock', 'auth-secret', 'db', 'storage']) expect(fs.existsSync(path.join(dir, name)), name).toBe(true);
    expect(countFiles(path.join(dir, 'storage'))).toBeGreaterThan(0);
    expect(openToOthers(dir)).toEqual([]);
    expect(
      logEntries(s.stdout())
        .map((m) => m.msg)
        .join('\n'),
    ).not.toContain('go-rwx');

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    // and what the stop wrote last
    expect(openToOthers(dir)).toEqual([]);
  });

  it('warns at start, naming the folder and the command that closes it, when an existing data folder is open to other users', async () => {
    const dir = freshPath();
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const s = run(dir);
    await s.listening;
    const warning = logEntries(s.stdout()).find((m) => m.msg.includes(dir));
    expect(warning, s.stdout()).toBeDefined();
    expect(warning!.level).toBe(40);
    expect(warning!.msg).toContain(`chmod -R go-rwx ${dir}`);
    // the operator's folder keeps the mode it was given: the warning says what to do
    expect(fs.statSync(dir).mode & 0o777).toBe(0o755);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });
});

describe('a start that cannot go on', { timeout: 240_000 }, () => {
  it('refuses a production configuration it cannot run with before it takes the data folder: one clear reason, no lock left, and the next start is clean', async () => {
    const dir = freshPath();
    // a database made and closed cleanly by an earlier start
    const first = run(dir);
    await first.listening;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // production without Stripe keys and without PAYMENTS_TEST_MODE_IN_PRODUCTION
    const bad = run(dir, { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), BASE_URL: 'https://renderlift.example' });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toMatch(/^Invalid configuration:\n {2}STRIPE_SECRET_KEY: .*PAYMENTS_TEST_MODE_IN_PRODUCTION=true.*\n$/);
    expect(logEntries(bad.stdout()).map((m) => m.msg)).not.toContain('failed to start');
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    expect(pgliteClosedCleanly(path.join(dir, 'db'))).toBe(true);

    await expectCleanStart(dir);
  });

  it('names every configuration problem it can see without the database at once', async () => {
    const dir = freshPath();
    const bad = run(dir, { NODE_ENV: 'production', PROCESS_ROLE: 'api', STORAGE_URL: 's3:///no-bucket' });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toContain('Invalid configuration:');
    expect(bad.stderr()).toContain('DATABASE_URL: PROCESS_ROLE=api needs DATABASE_URL');
    expect(bad.stderr()).toContain('STRIPE_SECRET_KEY: ');
    expect(bad.stderr()).toContain('STORAGE_URL: ');
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
  });

  it.each(['api', 'worker'])('refuses PROCESS_ROLE=%s on the embedded database in one line, before taking the data folder', async (role) => {
    const dir = freshPath();
    const bad = run(dir, { PROCESS_ROLE: role });
    expect(await bad.exited).toBe(1);
    const lines = bad.stderr().trimEnd().split('\n');
    expect(lines).toEqual([
      'Invalid configuration:',
      expect.stringMatching(new RegExp(`^ {2}DATABASE_URL: PROCESS_ROLE=${role} needs DATABASE_URL=postgres://`)),
    ]);
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
  });

  it('refuses local-disk storage for separate processes unless the folder is declared shared', async () => {
    const dir = freshPath();
    // refused before the database is reached, so no PostgreSQL server is needed here
    const bad = run(dir, { PROCESS_ROLE: 'worker', DATABASE_URL: 'postgres://renderlift@127.0.0.1:1/none' });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toContain('STORAGE_SHARED: PROCESS_ROLE=worker stores files on local disk');
    expect(bad.stderr()).toContain('point STORAGE_URL at S3, or set STORAGE_SHARED=true');
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('closes the database and releases the data folder when its port is taken', async () => {
    const dir = freshPath();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (taken.address() as net.AddressInfo).port;
      const bad = run(dir, { PORT: String(port) });
      expect(await bad.exited).toBe(1);
      expect(bad.stdout() + bad.stderr()).toContain('EADDRINUSE');
      expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
      expect(pgliteClosedCleanly(path.join(dir, 'db'))).toBe(true);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await expectCleanStart(dir);
  });
});
