import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { completeJob, markJobStarted } from '../services/jobs/job-lifecycle.js';
import { images } from '../db/schema.js';

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
      .values({ userId: owner.userId, bucket: 'enhanced-images', path: key, width: 160, height: 120, bytes: result.length, format: 'png', sourceImageId: enhanced.id })
      .returning();
    await completeJob(server.deps, job.id, { processedImageUrl: server.deps.storage.publicUrl('enhanced-images', key), resultImageId: row.id });
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

  it('deletes an upload with its results, only for its owner and not while a job runs on it', async () => {
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
    const files = fs.readdirSync(path.join(server.dataDir, 'storage', 'enhanced-images', owner.userId));
    expect(files).toEqual([]);
    expect((await owner.client.fetch(done.enhanced.url)).status).toBe(404);
  });
});
