import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Engine } from '@engine/index.js';
import { backends } from '@server/testing/databases.js';
import type { TestServer } from '@server/testing/test-server.js';
import { startJobTestServer } from '@server/testing/job-test-server.js';
import { insertUser, sessionUserOf } from '@server/testing/insert-user.js';
import { storeImage, syntheticPng } from '@server/testing/images.js';
import { imageJobs, images } from '@server/db/schema.js';
import { msg } from '@shared/messages.js';
import { enhanceCreditCost } from '@shared/credit-cost.js';
import type { Bucket } from '@shared/url-checks.js';
import { getBalance } from '../credits/ledger.js';
import { createEnhanceJob } from './create-enhance-job.js';
import { processImageJob } from './process-image-job.js';

describe.each(backends)('an enhancement to an exact size (%s)', { timeout: 300_000 }, (backend) => {
  let server: TestServer;
  let engine: Engine;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, engine, stop } = await startJobTestServer(backend));
  });
  afterAll(() => stop?.());

  const jobRow = async (id: string) => (await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, id)))[0];

  it('runs the smallest scale that covers a custom width, delivers exactly that size, and charges the scale it ran', async () => {
    const owner = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const upload = await storeImage(server.deps, owner.id, await syntheticPng(510, 255));
    const before = await getBalance(server.deps.db, owner.id);

    // 1000 px wide: ×2 (1020 × 510) covers it and is brought down to 1000 × 500
    const created = await createEnhanceJob(server.deps, sessionUserOf(owner), {
      imageId: upload.id,
      targetSize: { kind: 'width', width: 1000 },
      mode: 'detail',
    });
    expect(created.job).toMatchObject({ scale: 2, credits_used: 3 });
    // the ×2 run (1020 px) costs 3; the delivered 1000 px alone would have cost 2
    expect(enhanceCreditCost(510, 255, 2)).toBe(3);
    expect(await getBalance(server.deps.db, owner.id)).toBe(before - 3);
    expect((await jobRow(created.job.id)).params).toMatchObject({
      targetSize: { kind: 'width', width: 1000 },
      output: { width: 1000, height: 500, dpi: null },
    });

    await processImageJob({ ...server.deps, engine }, created.job.id, new AbortController().signal);
    const job = await jobRow(created.job.id);
    expect([job.status, job.errorMessage, job.creditsUsed]).toEqual(['completed', null, 3]);
    const [result] = await server.deps.db.select().from(images).where(eq(images.id, job.resultImageId!));
    expect([result.width, result.height]).toEqual([1000, 500]);
    const obj = await server.deps.storage.get(result.bucket as Bucket, result.path);
    const chunks: Buffer[] = [];
    for await (const c of obj!.body) chunks.push(Buffer.from(c));
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([1000, 500, undefined]);
    expect(await getBalance(server.deps.db, owner.id)).toBe(before - 3);
  });

  it('refuses a target that is not an upscale or beyond ×6, and one sent with a scale too, charging nothing', async () => {
    const owner = await insertUser(server.deps.db, { credits: 40, subscriptionStatus: 'business' });
    const user = sessionUserOf(owner);
    const upload = await storeImage(server.deps, owner.id, await syntheticPng(200, 100));
    const before = await getBalance(server.deps.db, owner.id);
    const attempt = (req: Partial<Parameters<typeof createEnhanceJob>[2]>) =>
      createEnhanceJob(server.deps, user, { imageId: upload.id, mode: 'detail', ...req });

    await expect(attempt({ targetSize: { kind: 'width', width: 200 } })).rejects.toMatchObject({
      status: 400,
      code: 'TARGET_NOT_UPSCALE',
      message: msg('targetSizeNotUpscale', { target: '200 px wide', w: 200, h: 100, iw: 200, ih: 100 }),
    });
    await expect(attempt({ targetSize: { kind: 'height', height: 601 } })).rejects.toMatchObject({
      status: 400,
      code: 'TARGET_UNREACHABLE',
      message: msg('targetSizeUnreachable', { target: '601 px high', w: 1202, h: 601, iw: 200, ih: 100, max: 6 }),
    });
    await expect(attempt({ scale: 2, targetSize: { kind: 'screen', preset: '4k' } })).rejects.toMatchObject({
      status: 400,
      message: msg('enhanceScaleOrTarget'),
    });
    expect(await server.deps.db.select().from(imageJobs).where(eq(imageJobs.userId, owner.id))).toEqual([]);
    expect(await getBalance(server.deps.db, owner.id)).toBe(before);
  });
});
