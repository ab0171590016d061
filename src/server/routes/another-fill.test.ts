import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Engine } from '@engine/index.js';
import { mulberry32 } from '@shared/seeded-random.js';
import { maskEditorMessages } from '@shared/mask-editor-messages.js';
import { startJobTestServer } from '../testing/job-test-server.js';
import { TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { processImageJob } from '../services/jobs/process-image-job.js';
import { engineRequestOf } from '../services/jobs/engine-request.js';
import { failJob } from '../services/jobs/job-lifecycle.js';
import { anotherSeed } from '../services/jobs/another-fill.js';
import { fillsTriedBefore } from '../services/jobs/tried-fills.js';
import { createPrometheusMetrics } from '../adapters/metrics/prometheus.js';
import { creditLedger, imageJobs, images, profiles } from '../db/schema.js';

const W = 112;
const H = 96;

/**
 * A render with a blue object, and a mask over the object: stone-like (speckles), or a plain wall in soft light (its
 * fill is diffusion, which has no seed).
 */
async function render(surface: 'stone' | 'plain wall' = 'stone') {
  const rand = mulberry32(11);
  const rgb = Buffer.alloc(W * H * 3);
  const mask = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const inObject = x >= 40 && x < 70 && y >= 34 && y < 62;
      const v = surface === 'stone' ? 90 + Math.round(rand() * 120) : 130 + Math.round(x / 8) + Math.round(y / 12);
      rgb.set(inObject ? [20, 140, 230] : [v, v - 10, v - 25], (y * W + x) * 3);
      if (inObject) mask[y * W + x] = 255;
    }
  const png = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  const maskPng = await sharp(mask, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  return { png, maskPng, mask };
}

describe('a removal’s seed and Try another fill', { timeout: 300_000 }, () => {
  let server: TestServer;
  let engine: Engine;
  let stop: (() => Promise<void>) | undefined;
  let owner: { client: TestClient; userId: string };
  let other: TestClient;

  beforeAll(async () => {
    ({ server, engine, stop } = await startJobTestServer());
    const a = new TestClient(server.url);
    const ua = await signUpVerifiedUser(a, server.deps);
    await grantPlan(server.deps, { email: ua.email, tier: 'business' });
    owner = { client: a, userId: ua.userId };
    other = new TestClient(server.url);
    await signUpVerifiedUser(other, server.deps);
  });
  afterAll(() => stop?.());

  const row = async (id: string) => (await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, id)))[0];
  const balance = async () => (await server.deps.db.select({ c: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, owner.userId)))[0].c;
  const resultPixels = async (jobId: string) => {
    const job = await row(jobId);
    const [img] = await server.deps.db.select().from(images).where(eq(images.id, job.resultImageId!));
    const obj = await server.deps.storage.get(img.bucket as never, img.path);
    const chunks: Buffer[] = [];
    for await (const c of obj!.body) chunks.push(Buffer.from(c));
    return sharp(Buffer.concat(chunks)).removeAlpha().raw().toBuffer();
  };
  const submit = (imageId: string, maskPng: Buffer, seed?: string) => {
    const form = new FormData();
    form.set('targetImageId', imageId);
    form.set('maskImage', new Blob([new Uint8Array(maskPng)], { type: 'image/png' }), 'mask.png');
    if (seed !== undefined) form.set('seed', seed);
    return owner.client.json('/api/jobs/remove', { method: 'POST', body: form });
  };

  it('refuses a seed that is not a whole number in range, and starts nothing', async () => {
    const { png, maskPng } = await render();
    const img = await storeImage(server.deps, owner.userId, png, 'stone.png');
    for (const bad of ['-1', '1.5', 'abc', '2147483648']) {
      const res = await submit(img.id, maskPng, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('The fill seed must be a whole number from 0 to 2147483647.');
    }
    expect(await server.deps.db.select().from(imageJobs).where(eq(imageJobs.targetImageId, img.id))).toEqual([]);
  });

  it('carries the seed to the job and its engine request, fills again under another seed as another version, and charges each like a removal', async () => {
    const { png, maskPng, mask } = await render();
    const img = await storeImage(server.deps, owner.userId, png, 'stone.png');
    const start = await balance();

    const first = await submit(img.id, maskPng, '42');
    expect(first.status).toBe(201);
    const firstRow = await row(first.body.job.id);
    expect(firstRow.params).toMatchObject({ seed: 42 });
    expect(engineRequestOf(firstRow)).toEqual({ workflow: 'remove', seed: 42 });

    // not before it completed
    const early = await owner.client.json(`/api/jobs/${first.body.job.id}/another-fill`, { method: 'POST' });
    expect([early.status, early.body.error.message]).toEqual([409, maskEditorMessages.anotherFillNotRemoval]);

    await processImageJob({ ...server.deps, engine }, first.body.job.id, new AbortController().signal);
    expect((await row(first.body.job.id)).status).toBe('completed');
    expect(await balance()).toBe(start - 1);

    // another user's removal is not found, whatever it is
    expect((await other.json(`/api/jobs/${first.body.job.id}/another-fill`, { method: 'POST' })).status).toBe(404);

    const again = await owner.client.json(`/api/jobs/${first.body.job.id}/another-fill`, { method: 'POST' });
    expect(again.status).toBe(201);
    const againRow = await row(again.body.job.id);
    // the same version and the same mask, another seed
    expect(againRow).toMatchObject({ workflowType: 'remove', targetImageId: img.id, sourceJobId: null, status: 'processing' });
    expect(typeof againRow.params.seed).toBe('number');
    expect(againRow.params.seed).not.toBe(42);
    expect(engineRequestOf(againRow)).toEqual({ workflow: 'remove', seed: againRow.params.seed });
    const storedMask = async (key: unknown) => {
      const obj = await server.deps.storage.get('processed-images', key as string);
      const chunks: Buffer[] = [];
      for await (const c of obj!.body) chunks.push(Buffer.from(c));
      return sharp(Buffer.concat(chunks)).raw().toBuffer();
    };
    expect(Buffer.compare(await storedMask(againRow.params.maskKey), await storedMask(firstRow.params.maskKey))).toBe(0);
    // one removal at a time, as any removal
    const meanwhile = await owner.client.json(`/api/jobs/${first.body.job.id}/another-fill`, { method: 'POST' });
    expect(meanwhile.status).toBe(409);

    await processImageJob({ ...server.deps, engine }, again.body.job.id, new AbortController().signal);
    const done = await row(again.body.job.id);
    expect([done.status, done.creditState]).toEqual(['completed', 'charged']);
    expect(await balance()).toBe(start - 2);

    // two versions of the card from the same upload: different fills, identical outside the (grown) mask
    const [a, b] = await Promise.all([resultPixels(first.body.job.id), resultPixels(again.body.job.id)]);
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < W * H; i++) {
      const differs = a[i * 3] !== b[i * 3] || a[i * 3 + 1] !== b[i * 3 + 1] || a[i * 3 + 2] !== b[i * 3 + 2];
      if (mask[i]) inside += differs ? 1 : 0;
      else {
        const x = i % W,
          y = Math.floor(i / W);
        const nearHole = x >= 36 && x < 74 && y >= 30 && y < 66;
        if (!nearHole && differs) outside++;
      }
    }
    expect(outside).toBe(0);
    expect(inside / (30 * 28)).toBeGreaterThan(0.3);
    const versions = (await owner.client.json('/api/images')).body.images.find((i: { id: string }) => i.id === img.id).versions;
    expect(versions.map((v: { jobId: string }) => v.jobId)).toEqual(expect.arrayContaining([first.body.job.id, again.body.job.id]));

    // a fill that fails charges nothing
    const third = await owner.client.json(`/api/jobs/${again.body.job.id}/another-fill`, { method: 'POST' });
    expect(third.status).toBe(201);
    expect((await row(third.body.job.id)).params.seed).not.toBe(againRow.params.seed);
    await failJob(server.deps, third.body.job.id, 'engine failed');
    const ledger = await server.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.jobId, third.body.job.id)));
    expect(ledger.map((l) => l.reason).sort()).toEqual(['release', 'reserve']);
    expect(await balance()).toBe(start - 2);
  });

  it('keeps nothing and charges nothing when another fill comes out the same as the one tried against, and says why', async () => {
    const { png, maskPng } = await render('plain wall');
    const img = await storeImage(server.deps, owner.userId, png, 'wall.png');
    const first = await submit(img.id, maskPng);
    await processImageJob({ ...server.deps, engine }, first.body.job.id, new AbortController().signal);
    expect((await row(first.body.job.id)).status).toBe('completed');
    const start = await balance();
    const imagesBefore = (await server.deps.db.select().from(images).where(eq(images.userId, owner.userId))).length;

    const again = await owner.client.json(`/api/jobs/${first.body.job.id}/another-fill`, { method: 'POST' });
    expect(again.status).toBe(201);
    expect((await row(again.body.job.id)).params).toMatchObject({ anotherFillOf: first.body.job.id });
    // counted as a failed job (the engine ran; nothing was kept), not as one ended elsewhere
    const metrics = createPrometheusMetrics({ logger: server.deps.logger, role: 'worker' });
    await processImageJob({ ...server.deps, engine, metrics }, again.body.job.id, new AbortController().signal);
    expect(await metrics.text()).toMatch(/renderlift_jobs_finished_total\{[^}]*outcome="failed"[^}]*\} 1/);
    expect(await metrics.text()).not.toContain('outcome="ended_elsewhere"');
    await metrics.close();
    const done = await row(again.body.job.id);
    expect([done.status, done.errorMessage, done.creditState, done.resultImageId]).toEqual(['failed', maskEditorMessages.anotherFillSame, 'released', null]);
    expect(await balance()).toBe(start);
    // no version added: the card keeps the fill it has
    expect((await server.deps.db.select().from(images).where(eq(images.userId, owner.userId))).length).toBe(imagesBefore);
    const listed = (await owner.client.json(`/api/jobs?ids=${again.body.job.id}`)).body.jobs;
    expect(listed).toEqual([expect.objectContaining({ status: 'failed', error_message: maskEditorMessages.anotherFillSame })]);
  });

  it('compares another fill with every fill it follows, not only the one tried against', async () => {
    const { png, maskPng } = await render();
    const img = await storeImage(server.deps, owner.userId, png, 'stone.png');
    const first = await submit(img.id, maskPng, '42');
    await processImageJob({ ...server.deps, engine }, first.body.job.id, new AbortController().signal);
    const second = await owner.client.json(`/api/jobs/${first.body.job.id}/another-fill`, { method: 'POST' });
    await processImageJob({ ...server.deps, engine }, second.body.job.id, new AbortController().signal);
    expect((await row(second.body.job.id)).status).toBe('completed');
    const start = await balance();

    // the third is tried against the second, and follows the first through it
    const third = await owner.client.json(`/api/jobs/${second.body.job.id}/another-fill`, { method: 'POST' });
    expect(third.status).toBe(201);
    const thirdRow = await row(third.body.job.id);
    expect((await fillsTriedBefore(server.deps, thirdRow)).map((j) => j.id)).toEqual([second.body.job.id, first.body.job.id]);
    expect([42, (await row(second.body.job.id)).params.seed]).not.toContain(thirdRow.params.seed);
    // under the first's seed (a surface with few repeats draws the same one again) it is the first's fill
    await server.deps.db
      .update(imageJobs)
      .set({ params: { ...thirdRow.params, seed: 42 } })
      .where(eq(imageJobs.id, thirdRow.id));
    await processImageJob({ ...server.deps, engine }, third.body.job.id, new AbortController().signal);
    const done = await row(third.body.job.id);
    expect([done.status, done.errorMessage, done.creditState, done.resultImageId]).toEqual(['failed', maskEditorMessages.anotherFillSame, 'released', null]);
    expect(await balance()).toBe(start);
  });

  it('draws a seed not used before', () => {
    const draws = [42, 42, 0x5eed, 7];
    expect(anotherSeed([42, undefined], () => draws.shift()!)).toBe(7);
    const again = [42, 0x5eed, 9];
    expect(anotherSeed([42, 0x5eed], () => again.shift()!)).toBe(9);
  });
});
