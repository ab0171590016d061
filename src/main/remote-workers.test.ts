/**
 * Workers anywhere: a server (PGlite, no workers of its own) and remote workers as separate OS processes that hold only
 * the server's address and a token. Jobs are split between them, a worker killed mid-job loses its job to the other
 * (charged once), a revoked token is refused mid-run and its job goes back to the queue, and a wrong token or another
 * protocol or engine version gets a clear refusal.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killRemoteWorkerProcesses, startRemoteCluster, type RemoteCluster, type RemoteWorkerProcess } from '@server/testing/remote-workers.js';
import { renders, startJob, upload } from '@server/testing/scale-out-client.js';
import type { TestClient } from '@server/testing/test-server.js';
import {
  ENGINE_VERSION,
  WORKER_API_PREFIX,
  WORKER_ENGINE_HEADER,
  WORKER_PROTOCOL_HEADER,
  WORKER_PROTOCOL_VERSION,
  workerMessages,
} from '@shared/api/workers.js';

type JobView = { id: string; status: string; progress: number; credit_state: string; credits_used: number; phase?: unknown };

async function jobsOf(client: TestClient, ids: string[]): Promise<JobView[]> {
  const res = await client.json(`/api/jobs?ids=${ids.join(',')}`);
  if (res.status !== 200) throw new Error(`jobs: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jobs;
}

async function waitForJobs(client: TestClient, ids: string[], until: (jobs: JobView[]) => boolean, timeoutMs = 180_000): Promise<JobView[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsOf(client, ids);
    if (until(jobs)) return jobs;
    if (Date.now() > deadline) throw new Error(`jobs did not get there: ${JSON.stringify(jobs)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const done = (jobs: JobView[]) => jobs.every((j) => j.status !== 'pending' && j.status !== 'processing');
const balance = async (client: TestClient) => (await client.json('/api/credits')).body.credits_remaining as number;
const completedBy = (w: RemoteWorkerProcess, jobId: string) => w.entries('job completed').some((e) => e.jobId === jobId);
const startedOn = (w: RemoteWorkerProcess, jobId: string) => w.entries('job started').some((e) => e.jobId === jobId);

describe('remote workers over HTTP with a token', { timeout: 400_000 }, () => {
  let cluster: RemoteCluster;
  let client: TestClient;

  beforeAll(async () => {
    cluster = await startRemoteCluster({ GPU_PREFERENCE_WAIT_SECONDS: '8' });
    client = await cluster.signedInAdmin();
  }, 120_000);
  afterAll(async () => {
    killRemoteWorkerProcesses();
    await cluster?.stop();
  });

  it('splits jobs between two workers, survives a killed worker and a revoked token, and charges each job once', async () => {
    const [tokenA, tokenB] = [await cluster.createToken('box-a'), await cluster.createToken('box-b', '--gpu')];
    const a = cluster.startWorker(tokenA);
    const b = cluster.startWorker(tokenB);

    // 8 jobs, split between the two
    const before = await balance(client);
    const uploaded = [];
    for (const r of await renders(8, 128)) uploaded.push(await upload(client, r.name, r.png));
    const jobs = [];
    for (const u of uploaded) jobs.push(await startJob(client, u.imageId, { scale: 2, mode: 'precision' }));
    const ids = jobs.map((j) => j.jobId);
    const finished = await waitForJobs(client, ids, done);
    expect(finished.map((j) => [j.status, j.credit_state])).toEqual(ids.map(() => ['completed', 'charged']));
    // the worker logs its completion once the server has answered it
    for (const id of ids) await expect.poll(() => [completedBy(a, id), completedBy(b, id)].filter(Boolean).length, { timeout: 5000 }).toBe(1);
    expect(ids.filter((id) => completedBy(a, id)).length).toBeGreaterThan(0);
    expect(ids.filter((id) => completedBy(b, id)).length).toBeGreaterThan(0);
    const cost = jobs.reduce((n, j) => n + j.cost, 0);
    expect(await balance(client)).toBe(before - cost);
    // each result is the real thing: twice the render's size, readable through its signed URL
    const [first] = finished as (JobView & { processed_image_url: string })[];
    const file = await client.fetch(first.processed_image_url);
    expect(file.status).toBe(200);

    // a removal runs there too, its mask read through its own signed URL
    const target = uploaded[0];
    const mask = await sharp({ create: { width: 128, height: 96, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 20, height: 16, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          left: 50,
          top: 40,
        },
      ])
      .png()
      .toBuffer();
    const removeForm = new FormData();
    removeForm.append('targetImageId', target.imageId);
    removeForm.append('maskImage', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    const removal = await client.json('/api/jobs/remove', { method: 'POST', body: removeForm });
    expect(removal.status, JSON.stringify(removal.body)).toBe(201);
    const [removed] = await waitForJobs(client, [removal.body.job.id], done);
    expect([removed.status, removed.credit_state]).toEqual(['completed', 'charged']);
    await expect.poll(() => [a, b].filter((w) => completedBy(w, removal.body.job.id)).length, { timeout: 5000 }).toBe(1);

    // the admin panel's view: both workers with their jobs, version and throughput
    const listed = (await client.json('/api/admin/workers')).body.workers as {
      name: string;
      jobsDone: number;
      version: string;
      megapixelsPerSecond: number;
      capabilities: string[];
    }[];
    expect(listed.map((w) => w.name).sort()).toEqual(['box-a', 'box-b']);
    expect(listed.reduce((n, w) => n + w.jobsDone, 0)).toBe(9);
    expect(listed.every((w) => w.version && w.megapixelsPerSecond > 0)).toBe(true);
    expect(listed.find((w) => w.name === 'box-b')!.capabilities).toEqual(['gpu']);

    // a job long enough to be caught mid-way; its worker dies
    const [big] = await renders(1, 720);
    const source = await upload(client, 'large.png', big.png);
    const beforeKill = await balance(client);
    const long = await startJob(client, source.imageId, { scale: 2, mode: 'precision' });
    await waitForJobs(client, [long.jobId], ([j]) => j.status === 'processing' && j.progress > 0);
    const holder = [a, b].find((w) => startedOn(w, long.jobId))!;
    const survivor = holder === a ? b : a;
    // the admin panel shows what each worker runs
    const busy = ((await client.json('/api/admin/workers')).body.workers as { name: string; running: { jobId: string; mode: string; scale: number }[] }[]).find(
      (w) => w.running.length > 0,
    )!;
    expect(busy.name).toBe(holder === a ? 'box-a' : 'box-b');
    expect(busy.running).toEqual([expect.objectContaining({ jobId: long.jobId, workflow: 'enhance', mode: 'precision', scale: 2 })]);
    await holder.kill();
    const [afterKill] = await waitForJobs(client, [long.jobId], done);
    expect([afterKill.status, afterKill.credit_state]).toEqual(['completed', 'charged']);
    await expect.poll(() => completedBy(survivor, long.jobId), { timeout: 5000 }).toBe(true);
    expect(completedBy(holder, long.jobId)).toBe(false);
    expect(await balance(client)).toBe(beforeKill - long.cost);

    // a third worker, whose token an admin revokes while it runs a job: refused at its next call, its job back in the queue
    await survivor.kill();
    const made = await client.json('/api/admin/workers', { method: 'POST', json: { name: 'box-c', maxConcurrency: 1 } });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^rlw_/);
    const c = cluster.startWorker(made.body.token);
    const beforeRevoke = await balance(client);
    const revoked = await startJob(client, source.imageId, { scale: 2, mode: 'detail' });
    await waitForJobs(client, [revoked.jobId], ([j]) => j.status === 'processing' && j.progress > 0);
    expect(startedOn(c, revoked.jobId)).toBe(true);
    expect((await client.fetch(`/api/admin/workers/${made.body.worker.id}`, { method: 'DELETE' })).status).toBe(204);
    const [back] = await jobsOf(client, [revoked.jobId]);
    expect([back.status, back.progress]).toEqual(['processing', 0]);
    expect(await c.exited).toBe(1);
    expect(c.output()).toContain(workerMessages.revokedToken);
    expect(completedBy(c, revoked.jobId)).toBe(false);
    // a worker with a token still valid takes it up and finishes it, charged once
    const d = cluster.startWorker(tokenB);
    const [afterRevoke] = await waitForJobs(client, [revoked.jobId], done);
    expect([afterRevoke.status, afterRevoke.credit_state]).toEqual(['completed', 'charged']);
    await expect.poll(() => completedBy(d, revoked.jobId), { timeout: 5000 }).toBe(true);
    expect(await balance(client)).toBe(beforeRevoke - revoked.cost);
    killRemoteWorkerProcesses();
  });

  it('sends jobs that run best on a GPU to a GPU worker while one is connected, and to any worker after the wait', async () => {
    const cpu = cluster.startWorker(await cluster.createToken('cpu-box'));
    const gpu = cluster.startWorker(await cluster.createToken('gpu-box', '--gpu'));
    // both connected (each has called the server)
    await expect
      .poll(
        async () =>
          ((await client.json('/api/admin/workers')).body.workers as { name: string; lastSeenAt: string | null }[]).filter(
            (w) => w.name.endsWith('-box') && w.lastSeenAt,
          ).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(2);
    const sources = [];
    for (const r of await renders(3, 96)) sources.push(await upload(client, r.name, r.png));
    const jobs = [];
    for (const s of sources) jobs.push(await startJob(client, s.imageId, { scale: 4, mode: 'precision' }));
    const ids = jobs.map((j) => j.jobId);
    const finished = await waitForJobs(client, ids, done);
    expect(finished.map((j) => j.status)).toEqual(['completed', 'completed', 'completed']);
    // the GPU worker ran all three, one after the other, while the other worker stood idle
    for (const id of ids) await expect.poll(() => completedBy(gpu, id), { timeout: 5000 }).toBe(true);
    expect(ids.filter((id) => startedOn(cpu, id))).toEqual([]);

    // the GPU worker is gone (it still counts as connected for a minute): after the wait the other worker takes the job
    await gpu.kill();
    const late = await startJob(client, sources[0].imageId, { scale: 4, mode: 'precision' });
    const [fallback] = await waitForJobs(client, [late.jobId], done, 120_000);
    expect(fallback.status).toBe('completed');
    await expect.poll(() => completedBy(cpu, late.jobId), { timeout: 5000 }).toBe(true);
    killRemoteWorkerProcesses();
  });

  it('answers a repeated claim with the same claim, refuses a result that was not uploaded or a forged URL, and completes once', async () => {
    const token = await cluster.createToken('by-hand', '--max', '2');
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [WORKER_PROTOCOL_HEADER]: String(WORKER_PROTOCOL_VERSION),
      [WORKER_ENGINE_HEADER]: String(ENGINE_VERSION),
    };
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${cluster.url}${WORKER_API_PREFIX}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    };
    const [r] = await renders(1, 64);
    const source = await upload(client, r.name, r.png);
    const before = await balance(client);
    const job = await startJob(client, source.imageId, { scale: 2, mode: 'precision' });
    const claimKey = randomUUID();
    const first = await call('/claim', { version: '9.9.9', provider: 'cpu', waitSeconds: 10, claimKey });
    expect(first.status).toBe(200);
    expect(first.body.jobId).toBe(job.jobId);
    expect(first.body.request).toMatchObject({ workflow: 'enhance', scale: 2, mode: 'precision' });
    // the answer was lost on the way: the same call again gets the same claim, not a second job
    const again = await call('/claim', { version: '9.9.9', provider: 'cpu', waitSeconds: 0, claimKey });
    expect(again.body.claimId).toBe(first.body.claimId);
    const { claimId } = first.body;

    // another worker's token cannot act on this claim
    const other = await cluster.createToken('someone-else');
    for (const action of ['progress', 'complete', 'fail']) {
      const res = await fetch(`${cluster.url}${WORKER_API_PREFIX}/claims/${first.body.claimId}/${action}`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${other}` },
        body: JSON.stringify(
          action === 'progress'
            ? { fraction: 0.9, etaMs: 0 }
            : action === 'fail'
              ? { kind: 'engine', message: 'no' }
              : { width: 1, height: 1, format: 'png', inputMegapixels: 0, engineSeconds: 0 },
        ),
      });
      expect([action, res.status]).toEqual([action, 409]);
    }
    // the input comes through the server (the worker needs to reach nothing else), by a URL for this claim alone
    const inputUrl = new URL(first.body.input.url, cluster.url);
    expect(inputUrl.pathname).toBe(`${WORKER_API_PREFIX}/claims/${claimId}/input`);
    const input = await fetch(inputUrl);
    expect([input.status, input.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(await sharp(Buffer.from(await input.arrayBuffer())).metadata()).toMatchObject({ width: 64 });
    const tampered = new URL(inputUrl);
    tampered.searchParams.set('sig', 'A'.repeat(43));
    expect((await fetch(tampered)).status).toBe(403);
    // a remote worker's phase reaches the job as the in-process worker's does: the card reads 'Tile 1 of 2'
    expect((await jobsOf(client, [job.jobId]))[0].phase).toEqual({ kind: 'loading' });
    expect((await call(`/claims/${claimId}/progress`, { fraction: 0.5, etaMs: 1000, tilesDone: 1, tilesTotal: 2, phase: 'tiles' })).body).toEqual({
      proceed: true,
    });
    expect((await jobsOf(client, [job.jobId]))[0]).toMatchObject({ progress: 0.5, phase: { kind: 'tiles', done: 1, total: 2 } });
    expect((await call('/heartbeat', { version: '9.9.9', provider: 'cpu', claims: [claimId] })).body).toEqual({ lost: [] });
    const completion = { width: 128, height: 96, format: 'png', model: 'by-hand', inputMegapixels: 0.006, engineSeconds: 0.5 };
    const early = await call(`/claims/${claimId}/complete`, completion);
    expect([early.status, early.body.error.message]).toEqual([400, workerMessages.resultMissing]);

    const result = await sharp({ create: { width: 128, height: 96, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const resultUrl = new URL(first.body.result.url, cluster.url);
    const forged = new URL(resultUrl);
    forged.searchParams.set('exp', String(Number(resultUrl.searchParams.get('exp')) + 60));
    expect((await fetch(forged, { method: 'PUT', body: new Uint8Array(result), headers: { 'content-type': 'image/png' } })).status).toBe(403);
    expect((await fetch(resultUrl, { method: 'PUT', body: new Uint8Array(result), headers: { 'content-type': 'image/png' } })).status).toBe(204);
    const completed = await call(`/claims/${claimId}/complete`, completion);
    expect([completed.status, completed.body]).toEqual([200, { status: 'completed' }]);
    // retried over a flaky link: the same answer, charged once
    expect((await call(`/claims/${claimId}/complete`, completion)).body).toEqual({ status: 'completed' });
    const [view] = await jobsOf(client, [job.jobId]);
    expect([view.status, view.credit_state]).toEqual(['completed', 'charged']);
    expect(await balance(client)).toBe(before - job.cost);
    // the claim is over: progress on it is refused
    expect((await call(`/claims/${claimId}/progress`, { fraction: 1, etaMs: 0 })).status).toBe(409);
  });

  it('refuses a wrong token, and another protocol or engine version, with what to do', async () => {
    const wrong = cluster.startWorker('rlw_not-a-real-token');
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain(workerMessages.unknownToken);

    const token = await cluster.createToken('box-old');
    const call = (headers: Record<string, string>) =>
      fetch(`${cluster.url}${WORKER_API_PREFIX}/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ version: '0.0.1', provider: 'cpu', claims: [] }),
      });
    const current = { [WORKER_PROTOCOL_HEADER]: String(WORKER_PROTOCOL_VERSION), [WORKER_ENGINE_HEADER]: String(ENGINE_VERSION) };
    expect((await call(current)).status).toBe(200);
    const oldProtocol = await call({ ...current, [WORKER_PROTOCOL_HEADER]: '0' });
    expect(oldProtocol.status).toBe(426);
    expect((await oldProtocol.json()).error.message).toMatch(/speaks protocol 0; the server speaks 1\. Update the worker/);
    const oldEngine = await call({ ...current, [WORKER_ENGINE_HEADER]: String(ENGINE_VERSION - 1) });
    expect(oldEngine.status).toBe(426);
    expect((await oldEngine.json()).error.message).toContain(`engine version ${ENGINE_VERSION - 1}`);
    // a token is for the worker calls: the user API does not know it
    expect((await fetch(`${cluster.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // and a result URL cannot be forged
    const forged = await fetch(`${cluster.url}${WORKER_API_PREFIX}/claims/00000000-0000-4000-8000-000000000000/result?exp=9999999999&sig=x`, {
      method: 'PUT',
      body: 'x',
    });
    expect(forged.status).toBe(403);
  });
});
