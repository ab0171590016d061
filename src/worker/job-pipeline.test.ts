import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { backends } from '@server/testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { SseReader } from '@server/testing/sse.js';
import { grantPlan } from '@server/services/plans/grant-plan.js';
import { creditLedger, imageJobs, images, profiles } from '@server/db/schema.js';
import { msg } from '@shared/messages.js';
import packageJson from '../../package.json' with { type: 'json' };

/** Converted models are shared by every test server, so the npm weights are converted once per machine. */
const MODEL_CACHE_DIR = path.join(os.tmpdir(), 'renderlift-test-models');

type JobEvent = {
  id: string;
  status: string;
  progress: number;
  processed_image_url: string | null;
  preview_url?: string | null;
  credit_state: string;
  error_message: string | null;
  phase?: { kind: string; done?: number; total?: number } | null;
};

async function waitForJob(sse: SseReader, jobId: string, predicate: (j: JobEvent) => boolean, timeoutMs = 540_000): Promise<JobEvent> {
  const m = await sse.next((msg) => msg.event === 'job' && ((j) => j.id === jobId && predicate(j))(JSON.parse(msg.data).data), timeoutMs);
  return JSON.parse(m.data).data;
}

async function signedInBusinessUser(server: TestServer) {
  const client = new TestClient(server.url);
  const u = await signUpVerifiedUser(client, server.deps);
  await grantPlan(server.deps, { email: u.email, tier: 'business' });
  const sse = await SseReader.open(`${server.url}/api/events`, { cookie: client.cookieHeader() });
  await sse.next((m) => m.event === 'ready');
  return { client, userId: u.userId, sse };
}

const balanceOf = async (server: TestServer, userId: string) =>
  (await server.deps.db.select({ c: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId)))[0].c;

// engine work: minutes on a loaded 2-core machine, seconds on an idle one
describe('a job from submit to result through the real engine', { timeout: 600_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '1', MODEL_CACHE_DIR } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('enhances ×3, reports real progress, charges on success and serves the result at exactly three times the size', async () => {
    const { client, userId, sse } = await signedInBusinessUser(server);
    const img = await storeImage(server.deps, userId, await syntheticPng(330, 220));
    const before = await balanceOf(server, userId);
    // ×3 runs thick, which takes long enough on 330×220 (two windows of at most 256² px) for progress between the
    // tiles (×2 runs medium, in a blink)
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 3, mode: 'precision' } });
    expect(res.status).toBe(201);
    const jobId = res.body.job.id;
    const progress: number[] = [];
    const phases: string[] = [];
    const done = await waitForJob(sse, jobId, (j) => {
      if (j.status === 'processing') progress.push(j.progress);
      const phase = j.phase ? (j.phase.kind === 'tiles' ? `tile ${j.phase.done} of ${j.phase.total}` : j.phase.kind) : 'none';
      if (j.status === 'processing' && phases.at(-1) !== phase) phases.push(phase);
      return j.status !== 'processing';
    });
    expect(done.status).toBe('completed');
    expect(done.credit_state).toBe('charged');
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    // the card is told what the worker does: waiting, loading the model, each tile, saving; a finished job has no phase
    expect(phases[0]).toBe('none');
    expect(phases).toContain('loading');
    expect(phases.filter((p) => p.startsWith('tile ')).length).toBeGreaterThanOrEqual(2);
    expect(phases.at(-1)).toBe('saving');
    expect(phases.indexOf('loading')).toBeLessThan(phases.findIndex((p) => p.startsWith('tile ')));
    expect(done.phase).toBeNull();
    // cost of a 990 px result: 2 credits, charged once
    expect(await balanceOf(server, userId)).toBe(before - 2);
    const ledger = await server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, jobId));
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['reserve', -2],
      ['charge', 0],
    ]);
    const file = await client.fetch(done.processed_image_url!);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([990, 660, 'png']);
    // the canvas preview beside it: WebP, never larger than the result
    expect(done.preview_url).toBeTruthy();
    const preview = await client.fetch(done.preview_url!);
    expect(preview.status).toBe(200);
    const previewMeta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([previewMeta.width, previewMeta.height, previewMeta.format]).toEqual([990, 660, 'webp']);
    // the workspace lists it with the result; deleting the image and then deleting it forever from the trash removes both files
    const listed = await client.json('/api/images');
    const card = listed.body.images.find((i: { id: string }) => i.id === img.id);
    // signed afresh each time it is shown: the same file, a new signature
    expect(card.enhanced.jobId).toBe(jobId);
    expect(card.enhanced.previewUrl.split('?')[0]).toBe(done.preview_url!.split('?')[0]);
    expect((await client.fetch(`/api/images/${img.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.fetch(`/api/trash/${img.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.fetch(done.processed_image_url!)).status).toBe(404);
    expect((await client.fetch(done.preview_url!)).status).toBe(404);
    sse.close();
  });

  it('stops a job cancelled mid-way, keeps no result and returns the credits', async () => {
    const { client, userId, sse } = await signedInBusinessUser(server);
    const img = await storeImage(server.deps, userId, await syntheticPng(480, 360, 3));
    const before = await balanceOf(server, userId);
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 4, mode: 'precision' } });
    expect(res.status).toBe(201);
    const jobId = res.body.job.id;
    await waitForJob(sse, jobId, (j) => j.status === 'processing' && j.progress > 0);
    const cancel = await client.json(`/api/jobs/${jobId}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ cancelled_early: false, message: msg('cancelStopped') });
    expect(await balanceOf(server, userId)).toBe(before);
    // the worker notices, stops, and leaves nothing behind
    await expect.poll(async () => (await server.deps.db.select().from(images).where(eq(images.sourceImageId, img.id))).length, { timeout: 30_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    const [job] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, jobId));
    expect(job).toMatchObject({ status: 'cancelled', creditState: 'released', processedImageUrl: null });
    expect(fs.existsSync(path.join(server.dataDir, 'storage', 'enhanced-images', userId))).toBe(false);
    sse.close();
  });

  it('cancels a Creativity job in the middle of its network run, releases its credits and completes the next job', async () => {
    const { client, userId, sse } = await signedInBusinessUser(server);
    const before = await balanceOf(server, userId);
    // one x4plus window (creativity above 95): the cancel lands inside its network run
    const img = await storeImage(server.deps, userId, await syntheticPng(200, 150, 9));
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'creativity', params: { creativity: 100 } } });
    expect(res.status).toBe(201);
    const jobId = res.body.job.id;
    await expect
      .poll(async () => (await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, jobId)))[0].startedAt, { timeout: 120_000 })
      .not.toBeNull();
    const cancel = await client.json(`/api/jobs/${jobId}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ cancelled_early: false, message: msg('cancelStopped') });

    const nextImg = await storeImage(server.deps, userId, await syntheticPng(120, 90, 10));
    const next = await client.json('/api/jobs', { method: 'POST', json: { imageId: nextImg.id, scale: 2, mode: 'precision' } });
    expect(next.status).toBe(201);
    const done = await waitForJob(sse, next.body.job.id, (j) => j.status !== 'processing');
    expect(done).toMatchObject({ status: 'completed', credit_state: 'charged', error_message: null });

    const [cancelled] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, jobId));
    expect(cancelled).toMatchObject({ status: 'cancelled', creditState: 'released', processedImageUrl: null, resultImageId: null });
    const ledger = await server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, jobId));
    expect(ledger.map((l) => l.reason)).toEqual(['reserve', 'release']);
    expect(await balanceOf(server, userId)).toBe(before - next.body.job.credits_used);
    expect(await server.deps.db.select().from(images).where(eq(images.sourceImageId, img.id))).toEqual([]);
    sse.close();
  });

  it('removes a painted object and returns a result at the image’s own size', async () => {
    const { client, userId, sse } = await signedInBusinessUser(server);
    const w = 96;
    const h = 80;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const inSquare = x >= 40 && x < 56 && y >= 30 && y < 46;
        raw[i] = inSquare ? 255 : 60 + x;
        raw[i + 1] = inSquare ? 255 : 80 + y;
        raw[i + 2] = inSquare ? 255 : 120;
      }
    const img = await storeImage(
      server.deps,
      userId,
      await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const mask = Buffer.alloc(w * h);
    for (let y = 28; y < 48; y++) for (let x = 38; x < 58; x++) mask[y * w + x] = 255;
    const form = new FormData();
    form.set('targetImageId', img.id);
    form.set(
      'maskImage',
      new Blob(
        [
          await sharp(mask, { raw: { width: w, height: h, channels: 1 } })
            .png()
            .toBuffer(),
        ],
        { type: 'image/png' },
      ),
      'mask.png',
    );
    const res = await client.json('/api/jobs/remove', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const done = await waitForJob(sse, res.body.job.id, (j) => j.status !== 'processing');
    expect(done.status).toBe('completed');
    const out = await client.fetch(done.processed_image_url!);
    expect(out.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await out.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([w, h]);
    // the white square is gone: its centre now continues the gradient around it
    const c = (38 * w + 48) * 3;
    expect(data[c]).toBeLessThan(200);
    expect(Math.abs(data[c + 2] - 120)).toBeLessThan(30);
    sse.close();
  });
});

interface WorkerProcess {
  child: ChildProcess;
  log: () => string;
  exited: Promise<number | null>;
}

/**
 * A worker process on the API's PostgreSQL database. Workers on other machines share the store; here the API's
 * local storage folder stands for it. `group`: started as `npm run start:worker` runs it, leading a process group.
 */
function startWorker(server: TestServer, opts: { group?: boolean; env?: Record<string, string> } = {}): WorkerProcess {
  const { BASE_URL: _ignored, ...parentEnv } = process.env;
  const env = {
    ...parentEnv,
    PROCESS_ROLE: 'worker',
    DATABASE_URL: (server.deps.database as { connectionString: string }).connectionString,
    STORAGE_URL: `file://${path.join(server.dataDir, 'storage')}`,
    STORAGE_SHARED: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MODEL_CACHE_DIR,
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_SUPERVISE_INTERVAL_SECONDS: '2',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-worker-')),
    ...opts.env,
  };
  const child = opts.group
    ? spawn('sh', ['-c', packageJson.scripts['start:worker']], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, log: () => out, exited };
}

async function untilStarted(workers: WorkerProcess[]) {
  const deadline = Date.now() + 120_000;
  while (!workers.every((w) => w.log().includes('workers started'))) {
    if (Date.now() > deadline) throw new Error(`workers did not start:\n${workers.map((w) => w.log()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const lines = (w: { log: () => string }, message: string) =>
  w
    .log()
    .split('\n')
    .filter((l) => l.includes(`"msg":"${message}"`))
    .map((l) => JSON.parse(l) as { jobId: string });

const messages = (w: { log: () => string }) =>
  w
    .log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { msg: string }).msg);

describe.runIf(backends.includes('postgres'))('separate worker processes on PostgreSQL', { timeout: 600_000 }, () => {
  let server: TestServer;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      backend: 'postgres',
      env: { WORKERS: '0', MODEL_CACHE_DIR, JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_INTERVAL_SECONDS: '2' },
    });
    workers.push(startWorker(server), startWorker(server));
    await untilStarted(workers);
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await server?.stop();
  });

  it('shares jobs between two workers without running one twice', async () => {
    const { client, userId, sse } = await signedInBusinessUser(server);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const img = await storeImage(server.deps, userId, await syntheticPng(120, 90, i));
      const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'detail' } });
      expect(res.status).toBe(201);
      ids.push(res.body.job.id);
    }
    for (const id of ids) expect(await waitForJob(sse, id, (j) => j.status !== 'processing')).toMatchObject({ status: 'completed', error_message: null });
    // each job completed exactly once across both processes (their log lines may trail the live event)
    const completed = () =>
      workers
        .flatMap((w) => lines(w, 'job completed').map((l) => l.jobId))
        .filter((id) => ids.includes(id))
        .sort();
    await expect.poll(completed, { timeout: 10_000 }).toEqual([...ids].sort());
    await new Promise((r) => setTimeout(r, 500));
    expect(completed()).toEqual([...ids].sort());
    sse.close();
  });

  it('finishes a job whose worker was killed mid-way, charging it exactly once', async () => {
    const { client, userId, sse } = await signedInBusinessUser(server);
    const img = await storeImage(server.deps, userId, await syntheticPng(480, 360, 7));
    const before = await balanceOf(server, userId);
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 4, mode: 'precision' } });
    const jobId = res.body.job.id;
    const cost = res.body.job.credits_used;
    await waitForJob(sse, jobId, (j) => j.status === 'processing' && j.progress > 0);
    const holder = workers.find((w) => lines(w, 'job started').some((l) => l.jobId === jobId))!;
    expect(holder).toBeDefined();
    holder.child.kill('SIGKILL');
    const done = await waitForJob(sse, jobId, (j) => j.status !== 'processing');
    expect(['completed', 'failed']).toContain(done.status);
    const ledger = await server.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.jobId, jobId)));
    if (done.status === 'completed') {
      expect(ledger.map((l) => l.reason)).toEqual(['reserve', 'charge']);
      expect(await balanceOf(server, userId)).toBe(before - cost);
    } else {
      expect(ledger.map((l) => l.reason)).toEqual(['reserve', 'release']);
      expect(await balanceOf(server, userId)).toBe(before);
    }
    sse.close();
  });
});

describe.runIf(backends.includes('postgres'))('a worker stopped by Ctrl-C on PostgreSQL', { timeout: 600_000 }, () => {
  let server: TestServer;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      backend: 'postgres',
      env: { WORKERS: '0', MODEL_CACHE_DIR, JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_INTERVAL_SECONDS: '2' },
    });
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await server?.stop();
  });

  it('hands its running job back to the queue, stops pg-boss and its pool, and the next worker completes the job', async () => {
    // time for the engine to finish the tile it is on, however loaded the machine
    const first = startWorker(server, { group: true, env: { SHUTDOWN_TIMEOUT_MS: '300000' } });
    workers.push(first);
    await untilStarted([first]);
    const { client, userId, sse } = await signedInBusinessUser(server);
    // four tiles: the signal comes after the first
    const img = await storeImage(server.deps, userId, await syntheticPng(480, 360, 11));
    const before = await balanceOf(server, userId);
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'precision' } });
    expect(res.status).toBe(201);
    const jobId = res.body.job.id;
    const cost = res.body.job.credits_used;
    await waitForJob(sse, jobId, (j) => j.status === 'processing' && j.progress > 0);

    // Ctrl-C: the terminal's SIGINT to the group and npm's forwarded copy
    process.kill(-first.child.pid!, 'SIGINT');
    await new Promise((r) => setTimeout(r, 20));
    process.kill(-first.child.pid!, 'SIGINT');
    expect(await first.exited, first.log()).toBe(0);
    expect(lines(first, 'job handed back to the queue').map((l) => l.jobId)).toEqual([jobId]);
    // the job goes back first, then pg-boss stops, then the pool closes
    const stops = ['shutting down', 'job handed back to the queue', 'queue stopped', 'database closed', 'stopped'];
    expect(messages(first).filter((m) => stops.includes(m))).toEqual(stops);
    expect(first.log()).not.toContain('forcing the stop');
    // the queue holds the job for the next worker (not active on the stopped one) and the job waits with no progress
    const [row] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, jobId));
    expect(row).toMatchObject({ status: 'processing', progress: 0, startedAt: null });
    expect(await server.deps.queue.state('image-enhance', row.queueJobId!)).toBe('retry');
    // and the hand-back cost the job none of its retries (queues allow one)
    const attempt = (await server.deps.db.execute(sql`select retry_count, retry_limit from pgboss.job where id = ${row.queueJobId}`)) as unknown as {
      rows: unknown[];
    };
    expect(attempt.rows[0]).toEqual({ retry_count: 0, retry_limit: 2 });

    const second = startWorker(server);
    workers.push(second);
    const done = await waitForJob(sse, jobId, (j) => j.status !== 'processing');
    expect(done).toMatchObject({ status: 'completed', credit_state: 'charged', error_message: null });
    expect(lines(second, 'job started').map((l) => l.jobId)).toContain(jobId);
    const ledger = await server.deps.db.select().from(creditLedger).where(eq(creditLedger.jobId, jobId));
    expect(ledger.map((l) => l.reason)).toEqual(['reserve', 'charge']);
    expect(await balanceOf(server, userId)).toBe(before - cost);
    sse.close();
  });
});
