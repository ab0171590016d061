import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser, waitForMail } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { SseReader } from '../testing/sse.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { imageJobs } from '../db/schema.js';
import { SIGNED_URL_TTL } from '@shared/limits.js';

/** Converted models are shared by every test server, so the npm weights are converted once per machine. */
const MODEL_CACHE_DIR = path.join(os.tmpdir(), 'renderlift-test-models');

/**
 * Results are private: a result a real job just produced is reached only through a signed URL that expires, handed to
 * its owner each time the job is shown; the address without its signature opens nothing, for anybody.
 */
describe('a real result is private', { timeout: 600_000 }, () => {
  let server: TestServer;
  let offsetMs = 0;
  let owner: TestClient;
  let anonymous: TestClient;
  let email = '';
  let done: { id: string; status: string; processed_image_url: string; preview_url: string };

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(Date.now() + offsetMs), env: { WORKERS: '1', MODEL_CACHE_DIR } });
    owner = new TestClient(server.url);
    anonymous = new TestClient(server.url);
    const u = await signUpVerifiedUser(owner, server.deps);
    email = u.email;
    await grantPlan(server.deps, { email: u.email, tier: 'business' });
    const sse = await SseReader.open(`${server.url}/api/events`, { cookie: owner.cookieHeader() });
    await sse.next((m) => m.event === 'ready');
    const img = await storeImage(server.deps, u.userId, await syntheticPng(96, 64));
    const res = await owner.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'precision' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const m = await sse.next((msg) => {
      if (msg.event !== 'job') return false;
      const j = JSON.parse(msg.data).data;
      return j.id === res.body.job.id && j.status !== 'processing';
    }, 540_000);
    done = JSON.parse(m.data).data;
    sse.close();
    expect(done.status).toBe('completed');
  });
  afterAll(() => server?.stop());

  const unsigned = (url: string) => new URL(url, server.url).pathname;
  const expiry = (url: string) => Number(new URL(url, server.url).searchParams.get('exp')) * 1000;

  it('keeps the result as a storage path and hands out only signed URLs that expire within the limit', async () => {
    const [row] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, done.id));
    expect(row.processedImageUrl).toMatch(new RegExp(`^enhanced-images/${row.userId}/${done.id}-.+\\.png$`));
    for (const url of [done.processed_image_url, done.preview_url]) {
      expect(url).toMatch(/^\/api\/files\/enhanced-images\/.+\?exp=\d+&sig=[\w-]+$/);
      expect(expiry(url) - Date.now()).toBeGreaterThan(0);
      expect(expiry(url) - Date.now()).toBeLessThanOrEqual(SIGNED_URL_TTL.processedResult * 1000 + 1000);
    }
    const listed = await owner.json('/api/images');
    const version = listed.body.images[0].enhanced;
    expect(version.url).toMatch(/\?exp=\d+&sig=/);
    expect(version.previewUrl).toMatch(/\?exp=\d+&sig=/);
    const recent = await owner.json('/api/jobs/completed');
    expect(recent.body.jobs[0].processed_image_url).toMatch(/\?exp=\d+&sig=/);
  });

  it('opens the result by its signed URL, never by the bare address, and not after the URL expires', async () => {
    const file = await anonymous.fetch(done.processed_image_url);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([192, 128]);
    for (const url of [done.processed_image_url, done.preview_url]) {
      const bare = await anonymous.fetch(unsigned(url));
      expect(bare.status).toBe(403);
      // the owner's session cookie does not turn a bare address into a file either: the signature is what counts
      expect((await owner.fetch(unsigned(url))).status).toBe(403);
    }
    offsetMs = SIGNED_URL_TTL.processedResult * 1000 + 60_000;
    try {
      expect((await anonymous.fetch(done.processed_image_url)).status).toBe(403);
      // shown again, the job carries a fresh URL that works
      const again = await owner.json(`/api/jobs?ids=${done.id}`);
      const fresh = again.body.jobs[0].processed_image_url as string;
      expect(expiry(fresh)).toBeGreaterThan(expiry(done.processed_image_url));
      expect((await anonymous.fetch(fresh)).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('tells the owner by e-mail with a link to the app, not to the file', async () => {
    const mail = await waitForMail(server.deps, email, 'processing-complete');
    expect(`${mail.text}${mail.html ?? ''}`).not.toContain('/api/files/');
    expect(mail.text).toContain('/enhance');
  });
});
