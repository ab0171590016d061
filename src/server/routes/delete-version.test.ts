import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startJobTestServer, type JobTestServer } from '../testing/job-test-server.js';
import { TestClient } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { processImageJob } from '../services/jobs/process-image-job.js';
import { imageJobs, images, profiles } from '../db/schema.js';
import type { RealtimeEvent } from '../ports/event-bus.js';
import { versionMessages } from '@shared/versions.js';
import type { Bucket } from '@shared/url-checks.js';

describe.each(backends)('deleting one version of a card on %s', { timeout: 300_000 }, (backend) => {
  let t: JobTestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  const events: RealtimeEvent[] = [];

  beforeAll(async () => {
    t = await startJobTestServer(backend);
    alice = new TestClient(t.server.url);
    bob = new TestClient(t.server.url);
    const a = await signUpVerifiedUser(alice, t.server.deps);
    aliceId = a.userId;
    await grantPlan(t.server.deps, { email: a.email, tier: 'business', until: new Date(Date.now() + 30 * 86_400_000) });
    await signUpVerifiedUser(bob, t.server.deps);
    t.server.deps.events.subscribe((e) => events.push(e));
  }, 60_000);
  afterAll(() => t?.stop());

  const job = async (id: string) => (await t.server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, id)))[0];
  const credits = async () => (await t.server.deps.db.select().from(profiles).where(eq(profiles.userId, aliceId)))[0].creditsRemaining;
  const enhance = async (imageId: string, scale: number, sourceVersionId?: string) => {
    const res = await alice.json('/api/jobs', { method: 'POST', json: { imageId, scale, mode: 'precision', ...(sourceVersionId ? { sourceVersionId } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.job.id as string;
  };
  const run = (id: string) => processImageJob({ ...t.server.deps, engine: t.engine }, id, new AbortController().signal);
  const stored = async (row: { bucket: string; path: string }) => (await t.server.deps.storage.get(row.bucket as Bucket, row.path)) !== null;

  it('deletes the version and those made from it for good, keeps the rest, refuses while a job works on it', async () => {
    const upload = await storeImage(t.server.deps, aliceId, await syntheticPng(48, 40, 3), 'hall.png');
    // A: ×2 of the upload; B: ×2 of A; C: ×3 of the upload, beside them
    const a = await enhance(upload.id, 2);
    await run(a);
    const b = await enhance(upload.id, 2, a);
    await run(b);
    const c = await enhance(upload.id, 3);
    await run(c);
    const results = await t.server.deps.db
      .select()
      .from(images)
      .where(inArray(images.id, [(await job(a)).resultImageId!, (await job(b)).resultImageId!, (await job(c)).resultImageId!]));
    expect(results).toHaveLength(3);
    for (const r of results) expect(await stored(r)).toBe(true);
    const before = await credits();

    // another user's job is not found, and nothing moves
    const foreign = await bob.json(`/api/jobs/${a}/result`, { method: 'DELETE' });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, versionMessages.notFound]);

    // a job working on B (made from A) holds both
    const pending = await enhance(upload.id, 2, b);
    const busy = await alice.json(`/api/jobs/${a}/result`, { method: 'DELETE' });
    expect([busy.status, busy.body.error.code, busy.body.error.message]).toEqual([409, 'VERSION_BUSY', versionMessages.busy]);
    expect(
      await t.server.deps.db
        .select()
        .from(images)
        .where(
          inArray(
            images.id,
            results.map((r) => r.id),
          ),
        ),
    ).toHaveLength(3);
    expect((await alice.json(`/api/jobs/${pending}/cancel`, { method: 'POST' })).status).toBe(200);
    // a job without a result has nothing to delete
    const nothing = await alice.json(`/api/jobs/${pending}/result`, { method: 'DELETE' });
    expect([nothing.status, nothing.body.error.message]).toEqual([409, versionMessages.noResult]);

    const seen = events.length;
    const done = await alice.json(`/api/jobs/${a}/result`, { method: 'DELETE' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect([...done.body.deleted_job_ids].sort()).toEqual([a, b].sort());
    const left = await t.server.deps.db
      .select()
      .from(images)
      .where(
        inArray(
          images.id,
          results.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id)).toEqual([(await job(c)).resultImageId]);
    for (const r of results) expect(await stored(r)).toBe(r.id === left[0].id);
    // the jobs stay as history, without a result; nothing is refunded or charged
    expect([(await job(a)).status, (await job(a)).resultImageId, (await job(b)).resultImageId]).toEqual(['completed', null, null]);
    expect(await credits()).toBe(before);
    // the card keeps the upload and C
    const card = (await alice.json('/api/images')).body.images.find((i: { id: string }) => i.id === upload.id);
    expect(card.versions.map((v: { job_id?: string; jobId?: string }) => v.job_id ?? v.jobId)).toEqual([c]);
    // open windows hear which versions went (on PostgreSQL through LISTEN/NOTIFY, a moment after the answer)
    const imageEvents = () => events.slice(seen).filter((e) => e.type === 'images');
    await expect.poll(() => imageEvents().length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    const announced = imageEvents();
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ to: aliceId, data: { action: 'versions-deleted' } });
    expect([...(announced[0].data as { jobIds: string[] }).jobIds].sort()).toEqual([a, b].sort());
    // once gone, gone
    expect((await alice.json(`/api/jobs/${a}/result`, { method: 'DELETE' })).status).toBe(404);
  });

  it('is DELETE /api/v1/jobs/{id} for an API key with jobs:write', async () => {
    const upload = await storeImage(t.server.deps, aliceId, await syntheticPng(40, 32, 5), 'yard.png');
    const id = await enhance(upload.id, 2);
    await run(id);
    const key = async (scopes: string[]) =>
      (await alice.json('/api/api-keys', { method: 'POST', json: { name: scopes.join(' '), scopes } })).body.key as string;
    const call = (k: string) => fetch(`${t.server.url}/api/v1/jobs/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${k}` } });
    const readOnly = await call(await key(['jobs:read']));
    expect([readOnly.status, (await readOnly.json()).code]).toEqual([403, 'SCOPE_MISSING']);
    expect((await job(id)).resultImageId).not.toBeNull();
    const res = await call(await key(['jobs:write']));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted_job_ids: [id] });
    expect((await job(id)).resultImageId).toBeNull();
  });
});
