import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { completeJob, markJobStarted } from '../services/jobs/job-lifecycle.js';
import { purgeExpiredTrash } from '../services/images/purge-images.js';
import { imageJobs, images } from '../db/schema.js';
import { TRASH_RETENTION_DAYS, trashMessages } from '@shared/trash.js';
import { thumbnailKeyFor } from '../services/storage/paths.js';

type Row = typeof images.$inferSelect;
const DAY = 86_400_000;
const QUOTA = 2_000_000;

/** An incompressible PNG of about `width × height × 3` bytes: a quota-sized upload. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe.each(backends)('the trash on %s', (backend) => {
  let server: TestServer;
  let owner: { client: TestClient; userId: string };
  let other: { client: TestClient; userId: string };
  let otherPassword: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { WORKERS: '0', USER_STORAGE_QUOTA_BYTES: String(QUOTA) } });
    const a = new TestClient(server.url);
    const ua = await signUpVerifiedUser(a, server.deps);
    await grantPlan(server.deps, { email: ua.email, tier: 'business' });
    owner = { client: a, userId: ua.userId };
    const b = new TestClient(server.url);
    const ub = await signUpVerifiedUser(b, server.deps);
    otherPassword = ub.password;
    await grantPlan(server.deps, { email: ub.email, tier: 'business' });
    other = { client: b, userId: ub.userId };
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** An upload with one enhancement, as a worker leaves it: two rows, two files and the upload's job. */
  async function uploadWithVersion(name: string) {
    const upload = await storeImage(server.deps, owner.userId, await syntheticPng(80, 60), name);
    const job = (await owner.client.json('/api/jobs', { method: 'POST', json: { imageId: upload.id, scale: 2, mode: 'precision' } })).body.job;
    await markJobStarted(server.deps, job.id);
    const png = await syntheticPng(160, 120, 2);
    const key = `${owner.userId}/${job.id}-result.png`;
    await server.deps.storage.put('enhanced-images', key, png, { contentType: 'image/png' });
    const [result] = await server.deps.db
      .insert(images)
      .values({
        userId: owner.userId,
        bucket: 'enhanced-images',
        path: key,
        width: 160,
        height: 120,
        bytes: png.length,
        format: 'png',
        sourceImageId: upload.id,
      })
      .returning();
    await completeJob(server.deps, job.id, { processedImageUrl: `enhanced-images/${key}`, resultImageId: result.id });
    return { upload, result, jobId: job.id as string };
  }

  const rowsOf = (ids: string[]) => server.deps.db.select().from(images).where(inArray(images.id, ids));
  const filesExist = async (rows: Row[]) => Promise.all(rows.map(async (r) => Boolean(await server.deps.storage.head(r.bucket as never, r.path))));
  const listed = async (client = owner.client) => ((await client.json('/api/images')).body.images as { id: string }[]).map((i) => i.id);
  const trash = async (client = owner.client) => (await client.json('/api/trash')).body.items as Array<Record<string, any>>;

  it('delete moves an upload and its versions to the trash: files kept, hidden from every list, refused for jobs, downloads and shares', async () => {
    const { upload, result } = await uploadWithVersion('hall.png');
    const share = (await owner.client.json(`/api/images/${result.id}/shares`, { method: 'POST', json: { expiresIn: 'never' } })).body.share;
    expect((await owner.client.fetch(share.url)).status).toBe(200);
    const card = ((await owner.client.json('/api/images')).body.images as Array<Record<string, any>>).find((i) => i.id === upload.id)!;

    expect((await owner.client.fetch(`/api/images/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    const rows = await rowsOf([upload.id, result.id]);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.deletedAt!.getTime())).size).toBe(1);
    expect(await filesExist(rows)).toEqual([true, true]);
    expect(await listed()).not.toContain(upload.id);
    const completed = (await owner.client.json('/api/jobs/completed?limit=100')).body.jobs as { result_image_id: string | null }[];
    expect(completed.map((j) => j.result_image_id)).not.toContain(result.id);

    const items = await trash();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: upload.id,
      name: 'hall.png',
      width: 80,
      height: 60,
      versions: 1,
      bytes: upload.bytes + result.bytes,
      daysLeft: TRASH_RETENTION_DAYS,
    });
    expect(Date.parse(items[0].purgeAt) - Date.parse(items[0].deletedAt)).toBe(TRASH_RETENTION_DAYS * DAY);
    // the trash's thumbnail, and the card's old signed URLs, still load
    expect((await owner.client.fetch(items[0].thumbnailUrl)).status).toBe(200);
    expect((await owner.client.fetch(card.enhanced.url)).status).toBe(200);

    // nothing new starts from a trashed image, nothing of it is handed out
    for (const imageId of [upload.id, result.id]) {
      expect((await owner.client.json('/api/jobs', { method: 'POST', json: { imageId, scale: 2, mode: 'precision' } })).status).toBe(404);
      expect((await owner.client.fetch(`/api/images/${imageId}/download`)).status).toBe(404);
      expect((await owner.client.json(`/api/images/${imageId}/shares`, { method: 'POST', json: { expiresIn: '7d' } })).status).toBe(404);
      expect((await owner.client.json(`/api/images/${imageId}/shares`)).status).toBe(404);
    }
    const mask = new FormData();
    mask.set('targetImageId', result.id);
    mask.set('maskImage', new Blob([new Uint8Array(await syntheticPng(160, 120))], { type: 'image/png' }), 'mask.png');
    expect((await owner.client.json('/api/jobs/remove', { method: 'POST', body: mask })).status).toBe(404);
    expect((await owner.client.fetch(`/api/images/archive?ids=${result.id}`)).status).toBe(404);
    expect((await owner.client.fetch(share.url)).status).toBe(404);
    // deleting it again: it is not in the workspace any more
    expect((await owner.client.fetch(`/api/images/${upload.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('restore brings the upload and its versions back, share links included; restoring twice is 404', async () => {
    const [item] = await trash();
    const rowsBefore = await server.deps.db.select().from(images).where(eq(images.userId, owner.userId));
    const shareUrls = (await server.deps.db.execute(sql`select id from image_shares where user_id = ${owner.userId}`)) as unknown as { rows: { id: string }[] };
    expect((await owner.client.fetch(`/api/trash/${item.id}/restore`, { method: 'POST' })).status).toBe(204);
    const rows = await server.deps.db.select().from(images).where(eq(images.userId, owner.userId));
    expect(rows).toHaveLength(rowsBefore.length);
    expect(rows.every((r) => r.deletedAt === null)).toBe(true);
    const card = ((await owner.client.json('/api/images')).body.images as Array<Record<string, any>>).find((i) => i.id === item.id)!;
    expect(card.versions).toHaveLength(1);
    const completed = (await owner.client.json('/api/jobs/completed?limit=100')).body.jobs as { result_image_id: string | null }[];
    expect(completed.map((j) => j.result_image_id)).toContain(card.enhanced.imageId);
    expect(card.enhanced).toMatchObject({ width: 160, height: 120 });
    expect(await trash()).toEqual([]);
    expect((await owner.client.fetch(`/api/shared/${shareUrls.rows[0].id}`)).status).toBe(200);
    expect((await owner.client.fetch(`/api/images/${card.enhanced.imageId}/download`)).status).toBe(200);
    const again = await owner.client.json(`/api/trash/${item.id}/restore`, { method: 'POST' });
    expect([again.status, again.body.error.message]).toEqual([404, trashMessages.notInTrash]);
  });

  it('delete forever purges an upload in the trash with its versions and files now; an image outside the trash is refused', async () => {
    const { upload, result, jobId } = await uploadWithVersion('stair.png');
    const live = await owner.client.json(`/api/trash/${upload.id}`, { method: 'DELETE' });
    expect([live.status, live.body.error.message]).toEqual([404, trashMessages.notInTrash]);
    expect(await rowsOf([upload.id, result.id])).toHaveLength(2);
    // a version is not a trash item of its own
    expect((await owner.client.fetch(`/api/images/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.client.fetch(`/api/trash/${result.id}`, { method: 'DELETE' })).status).toBe(404);
    const rows = await rowsOf([upload.id, result.id]);

    expect((await owner.client.fetch(`/api/trash/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await rowsOf([upload.id, result.id])).toEqual([]);
    expect(await filesExist(rows)).toEqual([false, false]);
    expect(await server.deps.storage.head('user-images', thumbnailKeyFor(upload.path))).toBeFalsy();
    expect(await trash()).toEqual([]);
    // the job stays as history, without its images
    const [job] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, jobId));
    expect([job.status, job.targetImageId, job.resultImageId]).toEqual(['completed', null, null]);
  });

  it(`the scheduled trash run purges what has been in the trash ${TRASH_RETENTION_DAYS} days, with its files, and keeps the rest`, async () => {
    const old = await uploadWithVersion('old.png');
    const recent = await uploadWithVersion('recent.png');
    for (const id of [old.upload.id, recent.upload.id]) expect((await owner.client.fetch(`/api/images/${id}`, { method: 'DELETE' })).status).toBe(204);
    const now = Date.now();
    const setDeleted = (ids: string[], at: Date) => server.deps.db.update(images).set({ deletedAt: at }).where(inArray(images.id, ids));
    await setDeleted([old.upload.id, old.result.id], new Date(now - (TRASH_RETENTION_DAYS * DAY + 60_000)));
    await setDeleted([recent.upload.id, recent.result.id], new Date(now - (TRASH_RETENTION_DAYS - 1) * DAY));
    const oldRows = await rowsOf([old.upload.id, old.result.id]);
    expect((await trash()).map((i) => [i.name, i.daysLeft])).toEqual([
      ['recent.png', 1],
      ['old.png', 0],
    ]);

    // the run the queue's hourly schedule starts
    const schedules = (await server.deps.database.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as {
      rows: { name: string; cron: string }[];
    };
    expect(schedules.rows).toContainEqual({ name: 'trash', cron: '7 * * * *' });
    await server.deps.queue.enqueue('trash', {});
    const until = Date.now() + 60_000;
    while ((await rowsOf([old.upload.id])).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await rowsOf([old.upload.id, old.result.id])).toEqual([]);
    expect(await filesExist(oldRows)).toEqual([false, false]);
    expect((await rowsOf([recent.upload.id, recent.result.id])).map((r) => r.deletedAt !== null)).toEqual([true, true]);
    expect((await trash()).map((i) => i.name)).toEqual(['recent.png']);

    // a day later it is due too; a second run in parallel finds nothing left to do
    const later = { ...server.deps, clock: () => new Date(now + DAY + 60_000) };
    const runs = await Promise.all([purgeExpiredTrash(later), purgeExpiredTrash(later)]);
    expect(runs.reduce((n, r) => n + r.purged, 0)).toBeGreaterThanOrEqual(2);
    expect(await rowsOf([recent.upload.id, recent.result.id])).toEqual([]);
    expect(await trash()).toEqual([]);
  });

  it("another user cannot see, restore or purge someone else's trash", async () => {
    const { upload, result } = await uploadWithVersion('private.png');
    expect((await owner.client.fetch(`/api/images/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    const before = await rowsOf([upload.id, result.id]);
    expect(await trash(other.client)).toEqual([]);
    for (const res of [
      await other.client.json(`/api/trash/${upload.id}/restore`, { method: 'POST' }),
      await other.client.json(`/api/trash/${upload.id}`, { method: 'DELETE' }),
      await other.client.json(`/api/images/${upload.id}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('private.png');
    }
    expect(await rowsOf([upload.id, result.id])).toEqual(before);
    expect(await listed(other.client)).toEqual([]);
    expect((await trash()).map((i) => i.id)).toContain(upload.id);
    // a malformed id changes nothing either
    expect((await owner.client.json('/api/trash/not-an-id/restore', { method: 'POST' })).status).toBe(400);
    expect((await owner.client.fetch(`/api/trash/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('the storage quota counts files in the trash until they are deleted forever', async () => {
    const upload = async (seed: number) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await noisePng(800, 500 + seed))], { type: 'image/png' }), `big-${seed}.png`);
      return other.client.json('/api/uploads', { method: 'POST', body: form });
    };
    const first = await upload(1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.results[0].id;
    expect((await other.client.fetch(`/api/images/${id}`, { method: 'DELETE' })).status).toBe(204);
    const refused = await upload(2);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.results[0]).toMatchObject({ status: 'rejected', error: { code: 'STORAGE_QUOTA_EXCEEDED' } });
    expect(refused.body.error.message).toContain('(the Trash included)');
    expect((await other.client.fetch(`/api/trash/${id}`, { method: 'DELETE' })).status).toBe(204);
    const accepted = await upload(3);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('account deletion removes everything, the trash included', async () => {
    const [live] = await server.deps.db.select().from(images).where(eq(images.userId, other.userId));
    const trashedUpload = await storeImage(server.deps, other.userId, await syntheticPng(80, 60), 'leaving.png');
    expect((await other.client.fetch(`/api/images/${trashedUpload.id}`, { method: 'DELETE' })).status).toBe(204);
    const rows = await rowsOf([live.id, trashedUpload.id]);
    expect(rows.map((r) => r.deletedAt === null).sort()).toEqual([false, true]);
    const res = await other.client.json('/api/account', { method: 'DELETE', json: { password: otherPassword } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await server.deps.db.select().from(images).where(eq(images.userId, other.userId))).toEqual([]);
    await expect.poll(() => filesExist(rows), { timeout: 15_000 }).toEqual([false, false]);
  });
});
