import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Engine } from '@engine/index.js';
import { backends } from '@server/testing/databases.js';
import type { TestServer } from '@server/testing/test-server.js';
import { startJobTestServer } from '@server/testing/job-test-server.js';
import { insertUser, sessionUserOf } from '@server/testing/insert-user.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { imageJobs, images } from '@server/db/schema.js';
import { msg } from '@shared/messages.js';
import { aboveOutputLimitMessage } from '@shared/enhancement.js';
import type { Bucket } from '@shared/url-checks.js';
import { getBalance } from '../credits/ledger.js';
import { listWorkspaceImages } from '../images/list-workspace-images.js';
import { createEnhanceJob } from './create-enhance-job.js';
import { createRemoveJob } from './create-remove-job.js';
import { processImageJob } from './process-image-job.js';

const W = 96;
const H = 80;
/** The painted object: a white square on a gradient, and the mask over it with a margin. */
const inSquare = (x: number, y: number) => x >= 40 && x < 56 && y >= 30 && y < 46;
const inMask = (x: number, y: number) => x >= 38 && x < 58 && y >= 28 && y < 48;

async function renderWithObject(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      raw[i] = inSquare(x, y) ? 255 : 60 + x;
      raw[i + 1] = inSquare(x, y) ? 255 : 80 + y;
      raw[i + 2] = inSquare(x, y) ? 255 : 120;
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

async function maskPng(width: number, height: number, k = 1): Promise<Buffer> {
  const m = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (inMask(Math.floor(x / k), Math.floor(y / k))) m[y * width + x] = 255;
  return sharp(m, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

describe.each(backends)('a job started from a version of the image (%s)', { timeout: 300_000 }, (backend) => {
  let server: TestServer;
  let engine: Engine;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, engine, stop } = await startJobTestServer(backend));
  });
  afterAll(() => stop?.());

  const jobRow = async (id: string) => (await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, id)))[0];
  const imageRow = async (id: string) => (await server.deps.db.select().from(images).where(eq(images.id, id)))[0];
  /** Runs the job through the real engine, as a worker would, and returns its completed row. */
  async function run(jobId: string) {
    await processImageJob({ ...server.deps, engine }, jobId, new AbortController().signal);
    const job = await jobRow(jobId);
    expect([job.status, job.errorMessage]).toEqual(['completed', null]);
    return job;
  }
  /** The stored result's pixels (RGB), scaled to the upload's size. */
  async function pixelsOf(imageId: string): Promise<Buffer> {
    const row = await imageRow(imageId);
    const obj = await server.deps.storage.get(row.bucket as Bucket, row.path);
    const chunks: Buffer[] = [];
    for await (const c of obj!.body) chunks.push(Buffer.from(c));
    return sharp(Buffer.concat(chunks)).removeAlpha().resize(W, H, { kernel: 'cubic' }).raw().toBuffer();
  }
  /** Mean absolute difference over the mask, per channel value. */
  function diffInMask(a: Buffer, b: Buffer): number {
    let sum = 0;
    let n = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (inSquare(x, y))
          for (let c = 0; c < 3; c++) {
            sum += Math.abs(a[(y * W + x) * 3 + c] - b[(y * W + x) * 3 + c]);
            n++;
          }
    return sum / n;
  }

  it('enhances the removal result when asked: the object stays removed, and the job records its parent', async () => {
    const owner = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const user = sessionUserOf(owner);
    const upload = await storeImage(server.deps, owner.id, await renderWithObject());
    const removal = await createRemoveJob(server.deps, user, { imageId: upload.id, mask: await maskPng(W, H) });
    const removed = await run(removal.job.id);
    expect(removed.sourceJobId).toBeNull();

    const balance = await getBalance(server.deps.db, owner.id);
    const enhance = await createEnhanceJob(server.deps, user, { imageId: upload.id, scale: 2, mode: 'precision', sourceVersionId: removed.id });
    expect(enhance.job).toMatchObject({ source_job_id: removed.id, target_image_id: removed.resultImageId });
    // 192 px long side: one credit, as for the upload (same size)
    expect(await getBalance(server.deps.db, owner.id)).toBe(balance - 1);
    const enhanced = await run(enhance.job.id);
    expect(enhanced.sourceJobId).toBe(removed.id);
    const result = await imageRow(enhanced.resultImageId!);
    expect([result.width, result.height, result.sourceImageId]).toEqual([W * 2, H * 2, removed.resultImageId]);

    const original = await sharp(await renderWithObject())
      .raw()
      .toBuffer();
    const removalPixels = await pixelsOf(removed.resultImageId!);
    const enhancedPixels = await pixelsOf(enhanced.resultImageId!);
    // the object is gone from the enhancement too: inside the mask it follows the removal, not the original
    expect(diffInMask(enhancedPixels, removalPixels)).toBeLessThan(20);
    expect(diffInMask(enhancedPixels, original)).toBeGreaterThan(60);

    // the workspace names each version's parent
    const card = (await listWorkspaceImages(server.deps, owner.id)).find((i) => i.id === upload.id)!;
    expect(card.versions.map((v) => [v.jobId, v.workflow, v.parentJobId])).toEqual([
      [removed.id, 'remove', null],
      [enhanced.id, 'enhance', removed.id],
    ]);
  });

  it('removes from an enhancement at its size, whether named by version or by its stored result, and records the parent', async () => {
    const owner = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const user = sessionUserOf(owner);
    const upload = await storeImage(server.deps, owner.id, await renderWithObject());
    const enhanced = await run((await createEnhanceJob(server.deps, user, { imageId: upload.id, scale: 2, mode: 'precision' })).job.id);
    expect(enhanced.sourceJobId).toBeNull();

    const byVersion = await createRemoveJob(server.deps, user, { imageId: upload.id, sourceVersionId: enhanced.id, mask: await maskPng(W * 2, H * 2, 2) });
    expect(byVersion.job).toMatchObject({ source_job_id: enhanced.id, target_image_id: enhanced.resultImageId });
    const removed = await run(byVersion.job.id);
    const result = await imageRow(removed.resultImageId!);
    expect([result.width, result.height]).toEqual([W * 2, H * 2]);
    expect(
      diffInMask(
        await pixelsOf(removed.resultImageId!),
        await sharp(await renderWithObject())
          .raw()
          .toBuffer(),
      ),
    ).toBeGreaterThan(60);

    // an older client names the stored result itself: the parent is the job that made it
    const byResult = await createRemoveJob(server.deps, user, { imageId: removed.resultImageId!, mask: await maskPng(W * 2, H * 2, 2) });
    expect(byResult.job.source_job_id).toBe(removed.id);
  });

  it('costs by the version’s size, and holds the output limit against it', async () => {
    const owner = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const user = sessionUserOf(owner);
    const upload = await storeImage(server.deps, owner.id, await syntheticPng(260, 100));
    const first = await createEnhanceJob(server.deps, user, { imageId: upload.id, scale: 2, mode: 'precision' });
    // 520 px: ceil(520 / 500) = 2
    expect(first.job.credits_used).toBe(2);
    const x2 = await run(first.job.id);

    // ×2 of the 520×200 result: 1040 px, 3 credits (the upload ×2 would be 2)
    const before = await getBalance(server.deps.db, owner.id);
    const second = await createEnhanceJob(server.deps, user, { imageId: upload.id, scale: 2, mode: 'precision', sourceVersionId: x2.id });
    expect(second.job.credits_used).toBe(3);
    expect(second.credits_remaining).toBe(before - 3);

    // a version of 6000×4000 (24 MP) ×2 is 96 MP, past the limit, though the upload ×2 is not
    const [big] = await server.deps.db
      .insert(images)
      .values({
        userId: owner.id,
        bucket: 'enhanced-images',
        path: `${owner.id}/big.png`,
        width: 6000,
        height: 4000,
        bytes: 1,
        format: 'png',
        sourceImageId: upload.id,
      })
      .returning();
    const [bigJob] = await server.deps.db
      .insert(imageJobs)
      .values({ userId: owner.id, status: 'completed', scale: 6, mode: 'precision', targetImageId: upload.id, resultImageId: big.id, processedImageUrl: 'x' })
      .returning();
    const jobsBefore = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, owner.id));
    await expect(createEnhanceJob(server.deps, user, { imageId: upload.id, scale: 2, mode: 'precision', sourceVersionId: bigJob.id })).rejects.toMatchObject({
      status: 400,
      message: aboveOutputLimitMessage(12000, 8000),
    });
    expect(await server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, owner.id))).toHaveLength(jobsBefore.length);
  });

  it('refuses another user’s version (404), an unfinished one (400) and another image’s (400), changing nothing', async () => {
    const alice = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const bob = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const aliceImage = await storeImage(server.deps, alice.id, await syntheticPng(48, 32));
    const aliceDone = await run((await createEnhanceJob(server.deps, sessionUserOf(alice), { imageId: aliceImage.id, scale: 2, mode: 'detail' })).job.id);
    const bobImage = await storeImage(server.deps, bob.id, await syntheticPng(48, 32));
    const bobOther = await storeImage(server.deps, bob.id, await syntheticPng(48, 32, 2));
    const bobOtherDone = await run((await createEnhanceJob(server.deps, sessionUserOf(bob), { imageId: bobOther.id, scale: 2, mode: 'detail' })).job.id);
    const bobRunning = await createEnhanceJob(server.deps, sessionUserOf(bob), { imageId: bobImage.id, scale: 3, mode: 'detail' });

    const balance = await getBalance(server.deps.db, bob.id);
    const count = async () => (await server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, bob.id))).length;
    const jobs = await count();
    const enhance = (sourceVersionId: string) =>
      createEnhanceJob(server.deps, sessionUserOf(bob), { imageId: bobImage.id, scale: 2, mode: 'precision', sourceVersionId });
    const remove = async (sourceVersionId: string) =>
      createRemoveJob(server.deps, sessionUserOf(bob), { imageId: bobImage.id, sourceVersionId, mask: await maskPng(96, 64) });

    for (const attempt of [enhance, remove]) {
      await expect(attempt(aliceDone.id)).rejects.toMatchObject({ status: 404, message: msg('versionNotFound') });
      await expect(attempt(bobRunning.job.id)).rejects.toMatchObject({ status: 400, message: msg('versionNotCompleted', { status: 'processing' }) });
      await expect(attempt(bobOtherDone.id)).rejects.toMatchObject({ status: 400, message: msg('versionOtherImage') });
    }
    expect(await count()).toBe(jobs);
    expect(await getBalance(server.deps.db, bob.id)).toBe(balance);
    const [aliceJob] = await server.deps.db
      .select()
      .from(imageJobs)
      .where(and(eq(imageJobs.id, aliceDone.id), eq(imageJobs.userId, alice.id)));
    expect(aliceJob.status).toBe('completed');
  });
});
