import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { completeJob, markJobStarted } from '../services/jobs/job-lifecycle.js';
import { imageJobs, images } from '../db/schema.js';
import { libraryMessages } from '@shared/library.js';
import type { RealtimeEvent } from '../ports/event-bus.js';

type Item = { id: string; name: string; status: string; processing: boolean; thumbnailUrl: string | null; results: Array<Record<string, unknown>> } & Record<
  string,
  any
>;

describe.each(backends)('the library on %s', (backend) => {
  let server: TestServer;
  let owner: { client: TestClient; userId: string };
  let other: { client: TestClient; userId: string };
  /** name → upload id */
  const ids: Record<string, string> = {};
  const events: RealtimeEvent[] = [];

  /** Uploads through the API, as the browser does; the upload time is then set so the order and dates are known. */
  async function upload(client: TestClient, name: string, at: string, seed = 1) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await syntheticPng(90, 60, seed))], { type: 'image/png' }), name);
    const res = await client.json('/api/uploads', { method: 'POST', body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.results[0].id as string;
    await server.deps.db
      .update(images)
      .set({ createdAt: new Date(at) })
      .where(eq(images.id, id));
    return id;
  }

  /** A result stored the way a worker stores it, and its job completed. */
  async function result(userId: string, jobId: string, sourceId: string, width: number, height: number) {
    const png = await syntheticPng(width, height, 3);
    const key = `${userId}/${jobId}-result.png`;
    await server.deps.storage.put('enhanced-images', key, png, { contentType: 'image/png' });
    const [row] = await server.deps.db
      .insert(images)
      .values({ userId, bucket: 'enhanced-images', path: key, width, height, bytes: png.length, format: 'png', sourceImageId: sourceId })
      .returning();
    await completeJob(server.deps, jobId, { processedImageUrl: `enhanced-images/${key}`, resultImageId: row.id });
    return row;
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { WORKERS: '0' } });
    const a = new TestClient(server.url);
    const ua = await signUpVerifiedUser(a, server.deps);
    await grantPlan(server.deps, { email: ua.email, tier: 'business' });
    owner = { client: a, userId: ua.userId };
    const b = new TestClient(server.url);
    const ub = await signUpVerifiedUser(b, server.deps);
    await grantPlan(server.deps, { email: ub.email, tier: 'business' });
    other = { client: b, userId: ub.userId };
    server.deps.events.subscribe((e) => events.push(e));

    ids.villa = await upload(owner.client, 'Villa Keller front.png', '2026-03-01T10:00:00Z');
    ids.loft = await upload(owner.client, 'loft_interior 100%.png', '2026-03-05T10:00:00Z');
    ids.roof = await upload(owner.client, 'Winter roof.png', '2026-03-10T10:00:00Z');
    ids.stair = await upload(owner.client, 'stair.png', '2026-03-15T10:00:00Z');
    ids.gone = await upload(owner.client, 'trashed hall.png', '2026-03-20T10:00:00Z');
    ids.bob = await upload(other.client, 'Villa Keller bob.png', '2026-03-02T10:00:00Z');

    // villa: enhanced ×2, then an object removed from the enhancement (a result of a result)
    const job = (await owner.client.json('/api/jobs', { method: 'POST', json: { imageId: ids.villa, scale: 2, mode: 'precision' } })).body.job;
    await markJobStarted(server.deps, job.id);
    const enhanced = await result(owner.userId, job.id, ids.villa, 180, 120);
    const [removal] = await server.deps.db
      .insert(imageJobs)
      .values({ userId: owner.userId, status: 'processing', workflowType: 'remove', targetImageId: enhanced.id, sourceJobId: job.id, creditState: 'released' })
      .returning();
    await result(owner.userId, removal.id, enhanced.id, 180, 120);
    // loft: its enhancement failed
    await server.deps.db.insert(imageJobs).values({
      userId: owner.userId,
      status: 'failed',
      workflowType: 'enhance',
      targetImageId: ids.loft,
      scale: 2,
      mode: 'precision',
      errorMessage: 'out of memory',
      creditState: 'released',
    });
    // roof: an enhancement running now (no worker takes it)
    expect((await owner.client.json('/api/jobs', { method: 'POST', json: { imageId: ids.roof, scale: 2, mode: 'creativity' } })).status).toBe(201);
    // trashed: never listed
    expect((await owner.client.fetch(`/api/images/${ids.gone}`, { method: 'DELETE' })).status).toBe(204);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const list = async (query = '', client = owner.client) => {
    const res = await client.json(`/api/library${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Item[]; nextCursor: string | null };
  };
  const names = async (query = '') => (await list(query)).items.map((i) => i.name);

  it('lists every upload of the account, newest first, with its results and status; the trash and other users stay out', async () => {
    const page = await list();
    expect(page.items.map((i) => i.name)).toEqual(['stair.png', 'Winter roof.png', 'loft_interior 100%.png', 'Villa Keller front.png']);
    expect(page.nextCursor).toBeNull();
    const villa = page.items.find((i) => i.id === ids.villa)!;
    expect(villa).toMatchObject({ width: 90, height: 60, format: 'png', status: 'enhanced', processing: false, created_at: '2026-03-01T10:00:00.000Z' });
    expect(villa.results.map((r) => [r.workflow, r.scale, r.mode, r.width, r.height])).toEqual([
      ['enhance', 2, 'precision', 180, 120],
      ['remove', null, 'remove', 180, 120],
    ]);
    expect(page.items.find((i) => i.id === ids.loft)).toMatchObject({ status: 'failed', results: [] });
    expect(page.items.find((i) => i.id === ids.roof)).toMatchObject({ status: 'processing', processing: true, results: [] });
    expect(page.items.find((i) => i.id === ids.stair)).toMatchObject({ status: 'not-enhanced', processing: false, results: [] });
    const text = JSON.stringify(page);
    expect(text).not.toContain(ids.gone);
    expect(text).not.toContain(ids.bob);
  });

  it('shows thumbnails, never the full file', async () => {
    const villa = (await list()).items.find((i) => i.id === ids.villa)!;
    const [row] = await server.deps.db.select().from(images).where(eq(images.id, ids.villa));
    expect(villa.thumbnailUrl).toContain('/thumbnails/');
    expect(villa.thumbnailUrl).not.toContain(encodeURIComponent(row.path.split('/').pop()!));
    const thumb = await owner.client.fetch(villa.thumbnailUrl!);
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('searches by name in any case, with % and _ as plain characters', async () => {
    expect(await names('?q=villa%20KELLER')).toEqual(['Villa Keller front.png']);
    expect(await names(`?q=${encodeURIComponent('100%')}`)).toEqual(['loft_interior 100%.png']);
    expect(await names(`?q=${encodeURIComponent('_')}`)).toEqual(['loft_interior 100%.png']);
    expect(await names('?q=hall')).toEqual([]);
  });

  it('filters by upload date: from inclusive, to exclusive; a reversed range is refused', async () => {
    expect(await names('?from=2026-03-05T10:00:00Z&to=2026-03-15T10:00:00Z')).toEqual(['Winter roof.png', 'loft_interior 100%.png']);
    expect(await names(`?from=${encodeURIComponent('2026-03-10T00:00:00+01:00')}`)).toEqual(['stair.png', 'Winter roof.png']);
    const reversed = await owner.client.json('/api/library?from=2026-03-15T00:00:00Z&to=2026-03-01T00:00:00Z');
    expect([reversed.status, reversed.body.error.message]).toEqual([400, libraryMessages.badRange]);
    const bad = await owner.client.json('/api/library?from=yesterday');
    expect([bad.status, bad.body.error.message]).toEqual([400, libraryMessages.badDate]);
  });

  it('filters by status', async () => {
    expect(await names('?status=enhanced')).toEqual(['Villa Keller front.png']);
    expect(await names('?status=not-enhanced')).toEqual(['stair.png', 'Winter roof.png', 'loft_interior 100%.png']);
    expect(await names('?status=processing')).toEqual(['Winter roof.png']);
    expect(await names('?status=failed')).toEqual(['loft_interior 100%.png']);
    expect((await owner.client.json('/api/library?status=lost')).status).toBe(400);
  });

  it('filters by a saved viewport: the uploads it shows, by id or by file; another user’s viewport is not found', async () => {
    const [stairRow] = await server.deps.db.select().from(images).where(eq(images.id, ids.stair));
    const saved = await owner.client.json('/api/viewports', {
      method: 'POST',
      json: {
        name: 'Villa Keller – Phase 1',
        viewport_data: {
          images: [
            { id: 'card-1', imageId: ids.villa, originalUrl: 'https://example.com/a.png' },
            // a card saved before cards carried the upload's id: known by its file
            { id: 'card-2', originalUrl: `/api/files/user-images/${stairRow.path}?expires=1&signature=x` },
          ],
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const session = saved.body.session.id as string;
    expect(await names(`?session=${session}`)).toEqual(['stair.png', 'Villa Keller front.png']);
    expect(await names(`?session=${session}&status=enhanced`)).toEqual(['Villa Keller front.png']);
    const foreign = await other.client.json(`/api/library?session=${session}`);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, libraryMessages.sessionNotFound]);
  });

  it('pages by cursor: every upload once, in order, however small the page; a forged cursor is refused', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(await names());
    expect(pages).toBe(4);
    // two uploads in the same instant still come one after the other
    await server.deps.db
      .update(images)
      .set({ createdAt: new Date('2026-03-10T10:00:00Z') })
      .where(eq(images.id, ids.stair));
    const first = await list('?limit=1');
    const second = await list(`?limit=1&cursor=${first.nextCursor}`);
    expect(new Set([first.items[0].id, second.items[0].id])).toEqual(new Set([ids.stair, ids.roof]));
    await server.deps.db
      .update(images)
      .set({ createdAt: new Date('2026-03-15T10:00:00Z') })
      .where(eq(images.id, ids.stair));
    const forged = await owner.client.json(`/api/library?cursor=${Buffer.from('["x","y"]').toString('base64url')}`);
    expect([forged.status, forged.body.error.message]).toEqual([400, libraryMessages.badCursor]);
  });

  it('an upload left out of a session saved on another device stays in the library and comes back as a card with its versions', async () => {
    // the phone saves its own layout over the viewport: only the stair card
    const sessions = (await owner.client.json('/api/viewports')).body.sessions as { id: string; version: number }[];
    const phase = sessions[0];
    const put = await owner.client.json(`/api/viewports/${phase.id}`, {
      method: 'PUT',
      json: {
        name: 'Villa Keller – Phase 1',
        base_version: phase.version,
        viewport_data: { images: [{ id: 'c', imageId: ids.stair, originalUrl: 'https://example.com/s.png' }] },
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await names()).toContain('Villa Keller front.png');
    const card = await owner.client.json(`/api/library/${ids.villa}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ id: ids.villa, name: 'Villa Keller front.png', width: 90, height: 60 });
    expect(card.body.versions.map((v: { workflow: string }) => v.workflow)).toEqual(['enhance', 'remove']);
    expect((await owner.client.fetch(card.body.url)).status).toBe(200);
  });

  it('another user sees none of it: their list, a card by id, a trashed card', async () => {
    const theirs = await list('', other.client);
    expect(theirs.items.map((i) => i.id)).toEqual([ids.bob]);
    expect(await names('?q=bob')).toEqual([]);
    for (const id of [ids.villa, ids.stair]) {
      const res = await other.client.json(`/api/library/${id}`);
      expect([res.status, res.body.error.message]).toEqual([404, libraryMessages.notFound]);
    }
    expect((await owner.client.json(`/api/library/${ids.gone}`)).status).toBe(404);
    expect((await new TestClient(server.url).json('/api/library')).status).toBe(401);
  });

  it('an upload is announced on the live channel to its owner only', async () => {
    const before = events.length;
    const id = await upload(owner.client, 'announced.png', '2026-04-01T10:00:00Z', 5);
    // on PostgreSQL the event comes back through LISTEN/NOTIFY, a moment after the upload's answer
    const announced = () => events.slice(before).filter((e) => e.type === 'uploads');
    await expect.poll(() => announced().length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    expect(announced().map((e) => [e.to, e.data])).toEqual([[owner.userId, { ids: [id] }]]);
  });
});
