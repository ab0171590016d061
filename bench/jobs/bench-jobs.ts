/**
 * Job pipeline overhead: for a 1 MP ×2 enhancement, the time from submit to completed minus the engine's own time
 * (queue, storage, database, live channel), and the pick-up latency (submit → a worker starts it).
 * Runs the real server (PGlite, one in-process worker) and the real engine; prints a table.
 * Then cancel: a Precision job's wait (submit → completed) on an idle worker, against the same job submitted right
 * after cancelling a Creativity job in the middle of a network run, and the time from the cancel to the worker
 * taking the next job.
 *   npm run bench:jobs            (5 jobs in Detail mode; BENCH_JOBS=n, BENCH_MODE=precision|detail|creativity;
 *                                  BENCH_CASE=overhead|cancel for one part only; BENCH_CANCELS=n rounds, default 3;
 *                                  BENCH_BACKEND=postgres runs on a fresh database of TEST_DATABASE_URL's server)
 */
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { SseReader } from '@server/testing/sse.js';
import { grantPlan } from '@server/services/plans/grant-plan.js';
import { imageJobs } from '@server/db/schema.js';
import { createEngine } from '@engine/index.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 5);
const CASE = process.env.BENCH_CASE ?? 'all';
const CANCELS = Number(process.env.BENCH_CANCELS ?? 3);
// the overhead does not depend on the mode; Detail keeps the run short on a CPU
const BACKEND = process.env.BENCH_BACKEND === 'postgres' ? 'postgres' : 'pglite';
const BACKEND_NAME = BACKEND === 'postgres' ? 'PostgreSQL' : 'PGlite';
const MODE = (process.env.BENCH_MODE ?? 'detail') as 'precision' | 'detail' | 'creativity';
const MODEL_CACHE_DIR = process.env.MODEL_CACHE_DIR ?? path.join(os.tmpdir(), 'renderlift-test-models');
const W = 1155;
const H = 866; // ≈ 1.0 MP

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startTestServer({ backend: BACKEND, env: { WORKERS: '1', MODEL_CACHE_DIR, LOG_LEVEL: 'silent' } });
try {
  const client = new TestClient(server.url);
  const u = await signUpVerifiedUser(client, server.deps);
  await grantPlan(server.deps, { email: u.email, tier: 'enterprise' });
  const png = await syntheticPng(W, H);

  if (CASE !== 'cancel') await overhead();
  if (CASE !== 'overhead') await cancelCase();

  async function overhead() {
    // the engine alone, same process, same input, warm
    const engine = createEngine({ modelsDir: MODEL_CACHE_DIR, threads: server.deps.config.ENGINE_THREADS });
    await engine.enhance(png, { scale: 2, mode: MODE });
    const engineMs: number[] = [];
    for (let i = 0; i < Math.min(3, JOBS); i++) {
      const t = performance.now();
      await engine.enhance(png, { scale: 2, mode: MODE });
      engineMs.push(performance.now() - t);
    }
    await engine.close();

    const sse = await SseReader.open(`${server.url}/api/events`, { cookie: client.cookieHeader() });
    await sse.next((m) => m.event === 'ready');
    const rows: { total: number; pickup: number; overhead: number }[] = [];
    for (let i = 0; i <= JOBS; i++) {
      const img = await storeImage(server.deps, u.userId, png);
      const t0 = performance.now();
      const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: MODE } });
      if (res.status !== 201) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
      const jobId = res.body.job.id;
      await sse.next((m) => m.event === 'job' && JSON.parse(m.data).data.id === jobId && JSON.parse(m.data).data.status === 'completed', 600_000);
      const total = performance.now() - t0;
      const [job] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, jobId));
      const pickup = job.startedAt!.getTime() - job.createdAt.getTime();
      // the first job warms the worker's session cache and is not counted
      if (i > 0) rows.push({ total, pickup, overhead: total - median(engineMs) });
    }
    sse.close();

    const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
    console.log(
      `\nJob pipeline, ${W}×${H} (${((W * H) / 1e6).toFixed(2)} MP) ×2 ${MODE}, ${rows.length} jobs, ${BACKEND_NAME}, ${server.deps.config.ENGINE_THREADS} engine threads\n`,
    );
    console.log('| measure | median | min | max |');
    console.log('|---|---|---|---|');
    const line = (name: string, xs: number[]) => console.log(`| ${name} | ${fmt(median(xs))} | ${fmt(Math.min(...xs))} | ${fmt(Math.max(...xs))} |`);
    line('engine alone', engineMs);
    line(
      'submit → completed',
      rows.map((r) => r.total),
    );
    line(
      'pick-up latency (submit → worker start)',
      rows.map((r) => r.pickup),
    );
    line(
      'pipeline overhead (total − engine)',
      rows.map((r) => r.overhead),
    );
    console.log(`\noverhead share: ${((100 * median(rows.map((r) => r.overhead))) / median(rows.map((r) => r.total))).toFixed(1)} % of submit → completed`);
  }

  async function submit(imageId: string, mode: 'precision' | 'creativity') {
    const t0 = performance.now();
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId, scale: 2, mode } });
    if (res.status !== 201) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
    return { jobId: res.body.job.id as string, t0 };
  }
  function ended(sse: SseReader, jobId: string, status: string) {
    return sse.next((m) => m.event === 'job' && JSON.parse(m.data).data.id === jobId && JSON.parse(m.data).data.status === status, 600_000);
  }

  async function cancelCase() {
    const sse = await SseReader.open(`${server.url}/api/events`, { cookie: client.cookieHeader() });
    await sse.next((m) => m.event === 'ready');
    const precisionWait = async () => {
      const img = await storeImage(server.deps, u.userId, png);
      const { jobId, t0 } = await submit(img.id, 'precision');
      await ended(sse, jobId, 'completed');
      return { ms: performance.now() - t0, jobId };
    };
    // the first Precision job creates its sessions; the idle figures are a warm worker's, as in a batch
    await precisionWait();
    const idle: number[] = [];
    for (let i = 0; i < CANCELS; i++) idle.push((await precisionWait()).ms);

    const afterCancel: number[] = [];
    const freed: number[] = [];
    for (let i = 0; i < CANCELS; i++) {
      const img = await storeImage(server.deps, u.userId, png);
      const { jobId } = await submit(img.id, 'creativity');
      // its first window done, then 1 s into the next one: the cancel lands inside x4plus's run of a window
      await sse.next((m) => m.event === 'job' && JSON.parse(m.data).data.id === jobId && JSON.parse(m.data).data.progress > 0, 600_000);
      await new Promise((r) => setTimeout(r, 1000));
      const tCancel = Date.now();
      const cancel = await client.json(`/api/jobs/${jobId}/cancel`, { method: 'POST' });
      if (cancel.status !== 200) throw new Error(`cancel failed: ${JSON.stringify(cancel.body)}`);
      const next = await precisionWait();
      afterCancel.push(next.ms);
      const [row] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, next.jobId));
      freed.push(row.startedAt!.getTime() - tCancel);
    }
    sse.close();

    const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
    console.log(`\nCancel, ${W}×${H} ×2, ${CANCELS} rounds, ${BACKEND_NAME}, ${server.deps.config.ENGINE_THREADS} engine threads\n`);
    console.log('| measure | median | min | max |');
    console.log('|---|---|---|---|');
    const line = (name: string, xs: number[]) => console.log(`| ${name} | ${fmt(median(xs))} | ${fmt(Math.min(...xs))} | ${fmt(Math.max(...xs))} |`);
    line('Precision on an idle worker (submit → completed)', idle);
    line('Precision right after cancelling a running Creativity job', afterCancel);
    line('cancel → worker takes the next job', freed);
    console.log(`\nratio after cancel / idle: ${(median(afterCancel) / median(idle)).toFixed(2)}× (goal ≤ 1.2×)`);
  }
} finally {
  await server.stop();
}
