import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { completeJob, markJobStarted } from '../services/jobs/job-lifecycle.js';
import { images } from '../db/schema.js';
import { inArray } from 'drizzle-orm';

describe.each(backends)('workspace images on %s', (backend) => {
  let server: TestServer;
  let owner: { client: TestClient; userId: string };
  let other: { client: TestClient; userId: string };

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { WORKERS: '0' } });
    const a = new TestClient(server.url);
    const ua = await signUpVerifiedUser(a, server.deps);
    await grantPlan(server.deps, { email: ua.email, tier: 'business' });
    owner = { client: a, userId: ua.userId };
    const b = new TestClient(server.url);
    other = { client: b, userId: (await signUpVerifiedUser(b, server.deps)).userId };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the owner’s uploads with their latest enhancement and running job, and nobody else’s', async () => {
    const plain = await storeImage(server.deps, owner.userId, await syntheticPng(80, 60), 'plain.png');
    const enhanced = await storeImage(server.deps, owner.userId, await syntheticPng(80, 60), 'done.png');
    const job = (await owner.client.json('/api/jobs', { method: 'POST', json: { imageId: enhanced.id, scale: 2, mode: 'precision' } })).body.job;
    await markJobStarted(server.deps, job.id);
    const result = await syntheticPng(160, 120);
    const key = `${owner.userId}/${job.id}-done-x2-precision.png`;
    await server.deps.storage.put('enhanced-images', key, result, { contentType: 'image/png' });
    const [row] = await server.deps.db
      .insert(images)
      .values({
        userId: owner.userId,
        bucket: 'enhanced-images',
        path: key,
        width: 160,
        height: 120,
        bytes: result.length,
        format: 'png',
        sourceImageId: enhanced.id,
      })
      .returning();
    await completeJob(server.deps, job.id, { processedImageUrl: `enhanced-images/${key}`, resultImageId: row.id });
    const running = await storeImage(server.deps, owner.userId, await syntheticPng(80, 60), 'running.png');
    const active = (await owner.client.json('/api/jobs', { method: 'POST', json: { imageId: running.id, scale: 3, mode: 'detail' } })).body.job;

    const list = (await owner.client.json('/api/images')).body.images as Array<Record<string, any>>;
    const byName = Object.fromEntries(list.map((i) => [i.name, i]));
    expect(Object.keys(byName).sort()).toEqual(['done.png', 'plain.png', 'running.png']);
    expect(byName['plain.png']).toMatchObject({ id: plain.id, width: 80, height: 60, enhanced: null, activeJob: null });
    expect(byName['done.png'].enhanced).toMatchObject({ jobId: job.id, width: 160, height: 120, scale: 2, mode: 'precision' });
    expect(byName['running.png'].activeJob).toMatchObject({ id: active.id, status: 'processing' });
    const original = await owner.client.fetch(byName['plain.png'].url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect((await owner.client.fetch(byName['done.png'].enhanced.url)).status).toBe(200);

    expect((await other.client.json('/api/images')).body.images).toEqual([]);
  });

  it('moves an upload with its results to the trash, only for its owner and not while a job runs on it; delete forever removes the files', async () => {
    const list = (await owner.client.json('/api/images')).body.images as Array<Record<string, any>>;
    const done = list.find((i) => i.name === 'done.png')!;
    const running = list.find((i) => i.name === 'running.png')!;
    expect((await other.client.fetch(`/api/images/${done.id}`, { method: 'DELETE' })).status).toBe(404);
    const busy = await owner.client.json(`/api/images/${running.id}`, { method: 'DELETE' });
    expect(busy.status).toBe(409);
    const res = await owner.client.fetch(`/api/images/${done.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    const after = (await owner.client.json('/api/images')).body.images.map((i: { name: string }) => i.name).sort();
    expect(after).toEqual(['plain.png', 'running.png']);
    const resultFolder = path.join(server.dataDir, 'storage', 'enhanced-images', owner.userId);
    // in the trash, its files stay until it is purged
    expect(fs.readdirSync(resultFolder)).not.toEqual([]);
    expect((await owner.client.fetch(`/api/trash/${done.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(fs.readdirSync(resultFolder)).toEqual([]);
    expect((await owner.client.fetch(done.enhanced.url)).status).toBe(404);
  });

  /** Completes a job with a stored result, as a worker does. */
  async function finish(jobId: string, source: { id: string }, bucket: 'enhanced-images' | 'user-images', png: Buffer, width: number, height: number) {
    await markJobStarted(server.deps, jobId);
    const key = `${owner.userId}/${jobId}-result.png`;
    await server.deps.storage.put(bucket, key, png, { contentType: 'image/png' });
    const [row] = await server.deps.db
      .insert(images)
      .values({ userId: owner.userId, bucket, path: key, width, height, bytes: png.length, format: 'png', sourceImageId: source.id })
      .returning();
    const processedImageUrl = `${bucket}/${key}`;
    await completeJob(server.deps, jobId, { processedImageUrl, resultImageId: row.id });
    return row;
  }

  async function submitRemoval(targetImageId: string, width: number, height: number) {
    const mask = Buffer.alloc(width * height);
    for (let y = 10; y < 20; y++) for (let x = 10; x < 20; x++) mask[y * width + x] = 255;
    const form = new FormData();
    form.set('targetImageId', targetImageId);
    form.set(
      'maskImage',
      new Blob(
        [
          await sharp(mask, { raw: { width, height, channels: 1 } })
            .png()
            .toBuffer(),
        ],
        { type: 'image/png' },
      ),
      'mask.png',
    );
    return owner.client.json('/api/jobs/remove', { method: 'POST', body: form });
  }

  it('keeps every result with its upload: a removal on an enhancement keeps its size, earlier versions stay listed, and deleting a viewport loses none', async () => {
    const upload = await storeImage(server.deps, owner.userId, await syntheticPng(80, 60), 'villa.png');
    const enhance = (await owner.client.json('/api/jobs', { method: 'POST', json: { imageId: upload.id, scale: 2, mode: 'precision' } })).body.job;
    const enhanced = await finish(enhance.id, upload, 'enhanced-images', await syntheticPng(160, 120), 160, 120);

    // the mask must be painted at the size of what the card shows: the enhanced result
    const wrongSize = await submitRemoval(enhanced.id, 80, 60);
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.error.message).toBe('The mask is 80×60 but the image is 160×120. Please paint the mask again.');
    const removal = await submitRemoval(enhanced.id, 160, 120);
    expect(removal.status).toBe(201);
    expect(removal.body.job.target_image_id).toBe(enhanced.id);
    const removed = await finish(removal.body.job.id, enhanced, 'user-images', await syntheticPng(160, 120, 2), 160, 120);
    // a second removal works on the first one's result
    const again = await submitRemoval(removed.id, 160, 120);
    expect(again.status).toBe(201);
    const removedTwice = await finish(again.body.job.id, removed, 'user-images', await syntheticPng(160, 120, 3), 160, 120);

    const listed = async () => ((await owner.client.json('/api/images')).body.images as Array<Record<string, any>>).find((i) => i.id === upload.id)!;
    const card = await listed();
    expect(card.enhanced).toMatchObject({
      jobId: again.body.job.id,
      imageId: removedTwice.id,
      workflow: 'remove',
      width: 160,
      height: 120,
      scale: 2,
      mode: 'remove',
    });
    expect(card.versions.map((v: { jobId: string; mode: string; scale: number }) => [v.jobId, v.mode, v.scale])).toEqual([
      [enhance.id, 'precision', 2],
      [removal.body.job.id, 'remove', 2],
      [again.body.job.id, 'remove', 2],
    ]);
    // every version can be loaded
    for (const v of card.versions) expect((await owner.client.fetch(v.url)).status).toBe(200);

    // a viewport showing the removal, deleted: the results are the upload's, not the viewport's
    const saved = await owner.client.json('/api/viewports', {
      method: 'POST',
      json: {
        name: 'Villa',
        viewport_data: {
          images: [{ id: upload.id, imageId: upload.id, originalUrl: card.url, enhancedUrl: card.enhanced.url, position: { x: 0, y: 0 }, scale: 1 }],
          currentMode: 'enhance',
          enhancementParams: {},
          brushSize: 20,
        },
      },
    });
    expect(saved.status).toBe(201);
    expect((await owner.client.fetch(`/api/viewports/${saved.body.session.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    const afterDelete = await listed();
    expect(afterDelete.enhanced.jobId).toBe(again.body.job.id);
    expect(afterDelete.versions).toHaveLength(3);

    // deleting the upload takes the whole chain with it: to the trash, and from there for good
    expect((await owner.client.fetch(`/api/images/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    const trashed = await server.deps.db
      .select({ deletedAt: images.deletedAt })
      .from(images)
      .where(inArray(images.id, [enhanced.id, removed.id, removedTwice.id]));
    expect(trashed.map((r) => r.deletedAt !== null)).toEqual([true, true, true]);
    expect((await owner.client.fetch(`/api/trash/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    const left = await server.deps.db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [enhanced.id, removed.id, removedTwice.id]));
    expect(left).toEqual([]);
  });
});
