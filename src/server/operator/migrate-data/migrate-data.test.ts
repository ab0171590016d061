/**
 * `npm run migrate-data` on a data folder built through the API: a single-machine server on its embedded database
 * (two subscribed users, enhancements and a removal run by the engine, saved sessions, a job still waiting), then
 * stopped and moved into a fresh PostgreSQL database and an S3-compatible bucket; the server started on the target
 * answers as the old one did. Then a move killed part-way and run again ends with the same counts and no duplicates.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import { startServer, type RunningServer } from '@main/server.js';
import { createTestDatabase } from '@server/testing/databases.js';
import { TestClient } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { syntheticPng } from '@server/testing/images.js';
import { startS3Server, type S3TestServer } from '@server/testing/s3-server.js';
import { MODEL_CACHE_DIR, startScaleOut } from '@server/testing/scale-out.js';
import { listSourceFiles } from './copy-files.js';
import { tablesInDependencyOrder } from './tables.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) console.warn('migrate-data test skipped: TEST_DATABASE_URL is not set (the move writes into a PostgreSQL server)');

const root = path.resolve(import.meta.dirname, '../../../..');
const { BASE_URL: _runnerBaseUrl, ...parentEnv } = process.env;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `renderlift-${name}-`));
const business = { isBusiness: true, companyName: 'Studio Nord GmbH', vatId: 'DE136695976', businessType: 'llc', industry: 'technology', country: 'DE' };

/** The API's answers without what differs between two servers by design: signed addresses (their expiry, their host). */
const stable = (value: unknown): unknown => {
  if (typeof value === 'string') return /[?&](exp|X-Amz-Signature)=/.test(value) ? '<signed url>' : value;
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    // a signed address's expiry is counted from when it was signed; a waiting job is queued again by the target's
    // maintenance (checked below, where it runs), so whether it is in the queue yet depends on the moment
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /^url_?expires_?at$/i.test(k) ? '<expiry>' : k === 'queued' ? '<queue>' : stable(v)]));
  return value;
};

/** What a signed-in user reads back: images, sessions, credits and ledger, plan and billing, jobs. */
async function readEverything(client: TestClient) {
  const answers: Record<string, unknown> = {};
  for (const route of [
    '/api/images',
    '/api/viewports',
    '/api/credits',
    '/api/credits/ledger',
    '/api/billing',
    '/api/jobs/completed',
    '/api/check-subscription',
  ]) {
    const res = await client.json(route);
    expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(200);
    answers[route] = stable(res.body);
  }
  return answers;
}

/** `npm run migrate-data` as its own process, its output collected; `onLine` sees each line as it comes. */
function runMigrateData(args: string[], env: Record<string, string>, onLine?: (line: string, kill: () => void) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate-data.ts', ...args], {
    cwd: root,
    env: { ...parentEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let pending = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
    pending += d;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) onLine?.(line, () => child.kill('SIGKILL'));
  });
  child.stderr.on('data', (d: Buffer) => (out += d));
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, out })),
  );
}

/** The report's table: per table, the rows on the source and on the target. */
const reportCounts = (out: string) =>
  Object.fromEntries([...out.matchAll(/^([a-z_]+)\s+(\d+)\s+(\d+)(\s+differs)?$/gm)].map((m) => [m[1], { source: Number(m[2]), target: Number(m[3]) }]));

async function targetCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const t of tablesInDependencyOrder()) counts[t.name] = Number((await client.query(`select count(*)::text as n from "${t.name}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('npm run migrate-data', { timeout: 900_000 }, () => {
  const dataDir = path.join(tmp('migrate-source'), 'data');
  const sourceEnv = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    MODEL_CACHE_DIR,
    // every sign-in here comes from 127.0.0.1, and the limiter's counts move with the data
    RATE_LIMIT_SIGN_IN: '1000/60',
  };
  const cleanup: (() => unknown)[] = [];
  let s3: S3TestServer;
  const users: { email: string; password: string; client: TestClient }[] = [];
  const before: Record<string, unknown>[] = [];
  const results: { id: string; bytes: Buffer }[] = [];
  let waitingJobId: string;
  let runningWhileServing: { code: number | null; out: string };

  const waitForJob = async (client: TestClient, id: string, timeoutMs = 240_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = (await client.json(`/api/jobs?ids=${id}`)).body.jobs[0];
      if (job.status === 'completed') return job;
      if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`job ${id} ${job.status}: ${job.error_message}`);
      if (Date.now() > until) throw new Error(`job ${id} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    cleanup.push(() => s3.stop());
    let server: RunningServer = await startServer(loadConfig({ ...sourceEnv, WORKERS: '1' }));
    try {
      for (const name of ['ada', 'grace']) {
        const client = new TestClient(server.url);
        const u = await signUpVerifiedUser(client, server.deps, { email: `${name}@studio.example` });
        users.push({ email: u.email, password: u.password, client });
        const checkout = await client.json('/api/billing/checkout', { method: 'POST', json: { plan: 'professional', businessInfo: business } });
        expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
        const paid = await client.json(`/api/billing/test-checkout/${checkout.body.url.split('/').pop()}`, { method: 'POST', json: { outcome: 'success' } });
        expect(paid.status).toBe(200);
        const form = new FormData();
        for (const seed of [1, 2])
          form.append('files', new Blob([new Uint8Array(await syntheticPng(48, 40, seed))], { type: 'image/png' }), `${name}-${seed}.png`);
        const upload = await client.json('/api/uploads', { method: 'POST', body: form });
        expect(upload.status, JSON.stringify(upload.body)).toBe(201);
        const [first, second] = upload.body.results as { id: string }[];
        const created = await client.json('/api/jobs', { method: 'POST', json: { imageId: first.id, scale: 2, mode: 'precision' } });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const enhanced = await waitForJob(client, created.body.job.id);
        if (name === 'ada') {
          const mask = await sharp({ create: { width: 48, height: 40, channels: 3, background: '#000' } })
            .composite([{ input: { create: { width: 12, height: 10, channels: 3, background: '#fff' } }, left: 18, top: 15 }])
            .png()
            .toBuffer();
          const rf = new FormData();
          rf.append('targetImageId', second.id);
          rf.append('maskImage', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
          const removal = await client.json('/api/jobs/remove', { method: 'POST', body: rf });
          expect(removal.status, JSON.stringify(removal.body)).toBe(201);
          await waitForJob(client, removal.body.jobId);
        }
        const viewport = {
          images: [first, second].map((img, i) => ({
            id: img.id,
            originalUrl: `/api/files/user-images/x/${i}.png?exp=1&sig=x`,
            position: { x: i * 900, y: 0 },
            scale: 1,
          })),
          currentMode: 'enhance',
          enhancementParams: { creativity: 50, resolutionScale: 2 },
          brushSize: 20,
        };
        expect((await client.json('/api/viewports', { method: 'POST', json: { name: `${name} villa`, viewport_data: viewport } })).status).toBe(201);
        const download = await client.fetch(`/api/images/${enhanced.result_image_id}/download`);
        expect(download.status).toBe(200);
        results.push({ id: enhanced.result_image_id, bytes: Buffer.from(await download.arrayBuffer()) });
      }
      // the lock of a running server is respected
      runningWhileServing = await runMigrateData(['--to', databaseUrl!], { DATA_DIR: dataDir });
      await server.close();

      // a job that is still waiting when the server stops (no worker in this run) must run on the target
      server = await startServer(loadConfig({ ...sourceEnv, WORKERS: '0' }));
      const grace = new TestClient(server.url);
      await grace.json('/api/auth/sign-in/email', { method: 'POST', json: { email: users[1].email, password: users[1].password } });
      const images = (await grace.json('/api/images')).body.images as { id: string; enhanced: unknown }[];
      // the upload that has not been enhanced yet
      const upload = images.find((i) => !i.enhanced) ?? images[0];
      const waiting = await grace.json('/api/jobs', { method: 'POST', json: { imageId: upload.id, scale: 2, mode: 'detail' } });
      expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
      waitingJobId = waiting.body.job.id;
      for (const u of users) {
        const c = new TestClient(server.url);
        await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } });
        before.push(await readEverything(c));
      }
    } finally {
      await server.close();
    }
  }, 600_000);

  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('refuses the data folder of a running server, and a target that holds other data', async () => {
    expect(runningWhileServing.code).toBe(1);
    expect(runningWhileServing.out).toContain(`is using ${dataDir}`);

    const other = await createTestDatabase('postgres', databaseUrl);
    cleanup.push(() => other.dispose());
    await other.database.db.execute(`insert into users (id, email, name) values ('someone', 'someone@example.com', 'Someone')` as never);
    const refused = await runMigrateData(['--to', other.url!], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('The target database is not empty: users (1)');
    expect(await targetCounts(other.url!)).toMatchObject({ users: 1, images: 0, image_jobs: 0 });
  });

  it('moves everything into PostgreSQL and the bucket, and API and worker processes on the target answer as the old server did', async () => {
    const target = await createTestDatabase('postgres', databaseUrl);
    cleanup.push(() => target.dispose());
    await target.database.close();
    const moved = await runMigrateData(['--to', target.url!, '--storage', `s3://${s3.bucket}`], { DATA_DIR: dataDir, ...s3.env, STORAGE_URL: '' });
    expect(moved.code, moved.out).toBe(0);
    const counts = reportCounts(moved.out);
    expect(Object.keys(counts).sort()).toEqual(
      tablesInDependencyOrder()
        .map((t) => t.name)
        .sort(),
    );
    for (const [table, c] of Object.entries(counts)) expect(c.target, table).toBe(c.source);
    expect(counts.users.source).toBe(2);
    expect(counts.image_jobs.source).toBe(4);
    expect(counts.viewport_sessions.source).toBe(2);
    const files = listSourceFiles(path.join(dataDir, 'storage'));
    expect(moved.out).toMatch(new RegExp(`files: ${files.length} \\(.*\\), ${files.length} copied, 0 already there, every checksum verified`));
    expect((await s3.keys()).sort()).toEqual(files.map((f) => `${f.bucket}/${f.key}`).sort());
    expect(moved.out).toContain('1 unfinished jobs are queued again');

    const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
    // the target runs as the scale-out mode does: two API processes and a worker, behind one address
    const cluster = await startScaleOut({
      apis: 2,
      workers: 1,
      databaseUrl: databaseUrl!,
      existing: { databaseUrl: target.url!, s3 },
      env: { AUTH_SECRET: secret, RATE_LIMIT_SIGN_IN: '1000/60' },
      workerEnv: { ENGINE_THREADS: '1' },
    });
    cleanup.push(() => cluster.stop());
    const server = { url: cluster.proxy.url };
    // a session issued by the old server is still good
    const kept = await fetch(`${server.url}/api/credits`, { headers: { cookie: users[0].client.cookieHeader() } });
    expect(kept.status).toBe(200);
    const clients = [];
    for (const [i, u] of users.entries()) {
      const c = new TestClient(server.url);
      const signIn = await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } });
      expect(signIn.status).toBe(200);
      expect(await readEverything(c)).toEqual(before[i]);
      clients.push(c);
    }
    for (const [i, r] of results.entries()) {
      const download = await clients[i].fetch(`/api/images/${r.id}/download`);
      expect(download.status).toBe(200);
      expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(r.bytes));
    }
    // the job that was waiting runs on the target (its maintenance queues it again within a minute)
    const done = await waitForJob(clients[1], waitingJobId, 180_000);
    expect(done.result_image_id).toBeTruthy();
    // new rows get fresh ids after the copied ones
    const ledger = (await clients[1].json('/api/credits/ledger')).body;
    expect(JSON.stringify(ledger)).toContain('charge');
  });

  it('continues after a kill part-way, without flags and without duplicates', async () => {
    const target = await createTestDatabase('postgres', databaseUrl);
    cleanup.push(() => target.dispose());
    await target.database.close();
    const folder = tmp('migrate-files');
    cleanup.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const args = ['--to', target.url!, '--storage', `file://${folder}`, '--batch-size', '1'];
    const killed = await runMigrateData(args, { DATA_DIR: dataDir }, (line, kill) => {
      // killed as soon as the first batch of rows is committed
      if (/: [1-9]\d*\/\d+ rows/.test(line)) kill();
    });
    expect(killed.signal).toBe('SIGKILL');
    const partial = await targetCounts(target.url!);
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

    const resumed = await runMigrateData(args, { DATA_DIR: dataDir });
    expect(resumed.code, resumed.out).toBe(0);
    expect(resumed.out).toContain(`Resuming the migration from ${dataDir}.`);
    const counts = reportCounts(resumed.out);
    const after = await targetCounts(target.url!);
    expect(total(partial)).toBeGreaterThan(0);
    expect(total(partial)).toBeLessThan(total(after));
    for (const [table, c] of Object.entries(counts)) {
      expect(c.target, table).toBe(c.source);
      expect(after[table], table).toBe(c.source);
    }
    const files = listSourceFiles(path.join(dataDir, 'storage'));
    for (const f of files) expect(sha(fs.readFileSync(path.join(folder, f.bucket, ...f.key.split('/')))), f.key).toBe(sha(fs.readFileSync(f.file)));

    // once finished, another run changes nothing
    const again = await runMigrateData(args, { DATA_DIR: dataDir });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain(`${files.length} already there`);
    expect(await targetCounts(target.url!)).toEqual(after);
  });
});
