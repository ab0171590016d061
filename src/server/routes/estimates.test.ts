import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { creditLedger, imageJobs, images, profiles } from '../db/schema.js';
import { enhanceCreditCost } from '@shared/credit-cost.js';
import { formatEstimate } from '@shared/estimates.js';
import { msg } from '@shared/messages.js';

/**
 * POST /api/jobs/estimate: the control panel's cost and time before pressing. WORKERS=0, so jobs submitted here wait in
 * the queue; the history a measured estimate goes by is finished jobs written as a worker leaves them.
 */
describe('estimates before pressing', () => {
  let server: TestServer;
  let client: TestClient;
  let userId: string;

  /** An upload of the given size (the row's size is what the rules read). */
  async function upload(width: number, height: number) {
    const row = await storeImage(server.deps, userId, await syntheticPng(64, 48));
    await server.deps.db.update(images).set({ width, height }).where(eq(images.id, row.id));
    return row.id;
  }

  /** A finished enhancement of `imageId` as a worker leaves it: its result kept, `seconds` from start to end. */
  async function finished(imageId: string, scale: number, mode: string, width: number, height: number, seconds: number) {
    const result = await upload(width * scale, height * scale);
    const finishedAt = new Date();
    await server.deps.db.insert(imageJobs).values({
      userId,
      status: 'completed',
      workflowType: 'enhance',
      targetImageId: imageId,
      resultImageId: result,
      processedImageUrl: `enhanced-images/${userId}/${result}.png`,
      creditState: 'charged',
      scale,
      mode,
      params: {},
      progress: 1,
      startedAt: new Date(finishedAt.getTime() - seconds * 1000),
      finishedAt,
    });
  }

  const estimate = (json: unknown, c = client) => c.json('/api/jobs/estimate', { method: 'POST', json });
  const credits = async () => (await server.deps.db.select({ c: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId)))[0].c;

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKERS: '0' } });
    client = new TestClient(server.url);
    const u = await signUpVerifiedUser(client, server.deps);
    userId = u.userId;
    await grantPlan(server.deps, { email: u.email, tier: 'business' });
  });
  afterAll(() => server?.stop());

  it('before a mode has run here: the cost by the shared rule and a wide range said to be unmeasured; nothing is reserved', async () => {
    const id = await upload(800, 600);
    const before = await credits();
    const ledgerBefore = (await server.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).length;
    const res = await estimate({ items: [{ imageId: id }], scale: 2, mode: 'creativity' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [item] = res.body.items;
    expect(item).toMatchObject({
      ok: true,
      image_id: id,
      credits: enhanceCreditCost(800, 600, 2),
      scale: 2,
      mode: 'creativity',
      wait_seconds: 0,
      same_as_before: null,
    });
    expect(item.output).toEqual({ width: 1600, height: 1200 });
    expect(item.run_seconds.basis).toBe('unmeasured');
    expect(item.run_seconds.high / item.run_seconds.low).toBeGreaterThan(3);
    expect(formatEstimate(item.run_seconds)).toMatch(/^about \d+–\d+ (s|min), not measured here yet$/);
    expect(res.body.credits).toBe(4);
    expect(await credits()).toBe(before);
    expect((await server.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).length).toBe(ledgerBefore);
  });

  it('after jobs ran: the time from their measured rate, and the same settings run before flagged', async () => {
    const id = await upload(800, 600);
    // 1.92 MP out in 10 s and 20 s: 7.8 s per output megapixel (through the origin), 15 s here
    await finished(id, 2, 'precision', 800, 600, 10);
    await finished(id, 2, 'precision', 800, 600, 20);
    const res = await estimate({ items: [{ imageId: id }], scale: 2, mode: 'precision' });
    expect(res.status).toBe(200);
    const [item] = res.body.items;
    expect(item.run_seconds.basis).toBe('measured');
    expect((item.run_seconds.low + item.run_seconds.high) / 2).toBeCloseTo(15, 5);
    expect(item.same_as_before).toMatchObject({ scale: 2, mode: 'precision', message: 'Already enhanced at ×2 Precision — running again charges again' });
    expect(item.same_as_before.message).toBe(msg('estimateSameAsBefore', { scale: 2, mode: 'Precision' }));

    // another scale or mode of the same version is new work
    const other = await estimate({ items: [{ imageId: id }], scale: 3, mode: 'precision' });
    expect(other.body.items[0].same_as_before).toBeNull();
    expect(other.body.items[0].run_seconds.basis).toBe('measured');
    const detail = await estimate({ items: [{ imageId: id }], scale: 2, mode: 'detail' });
    expect(detail.body.items[0].same_as_before).toBeNull();
    expect(detail.body.items[0].run_seconds.basis).toBe('unmeasured');
  });

  it('a batch: one total for the selection, after the jobs already waiting', async () => {
    const a = await upload(800, 600);
    const b = await upload(800, 600);
    const one = (await estimate({ items: [{ imageId: a }], scale: 2, mode: 'precision' })).body;
    const both = (await estimate({ items: [{ imageId: a }, { imageId: b }], scale: 2, mode: 'precision' })).body;
    expect(both.credits).toBe(2 * one.credits);
    // one worker slot: the two run one after the other
    expect(both.total_seconds.low).toBeCloseTo(2 * one.items[0].run_seconds.low, 5);
    expect(both.total_seconds.high).toBeCloseTo(2 * one.items[0].run_seconds.high, 5);

    // a job accepted and not taken by a worker is waited for
    const submitted = await client.json('/api/jobs', { method: 'POST', json: { imageId: b, scale: 2, mode: 'precision' } });
    expect(submitted.status).toBe(201);
    const after = (await estimate({ items: [{ imageId: a }], scale: 2, mode: 'precision' })).body;
    expect(after.items[0].wait_seconds).toBeCloseTo((one.items[0].run_seconds.low + one.items[0].run_seconds.high) / 2, 5);
    expect(after.total_seconds.low).toBeCloseTo(after.items[0].wait_seconds + one.items[0].run_seconds.low, 5);
  });

  it('answers an image that cannot be enhanced so with the reason, beside the others', async () => {
    const ok = await upload(800, 600);
    const huge = await upload(3000, 2000);
    const res = await estimate({ items: [{ imageId: ok }, { imageId: huge }], scale: 4, mode: 'precision' });
    expect(res.status).toBe(200);
    expect(res.body.items[1]).toEqual({
      ok: false,
      image_id: huge,
      code: 'RESOLUTION_OUT_OF_RANGE',
      message: 'Enhanced resolution (12000x8000) exceeds 64 megapixel limit. Please reduce scale.',
    });
    expect(res.body.credits).toBe(res.body.items[0].credits);
  });

  it('refuses bad input with the seed wording, and another user’s image is not found', async () => {
    const id = await upload(800, 600);
    const badScale = await estimate({ items: [{ imageId: id }], scale: 5, mode: 'precision' });
    expect([badScale.status, badScale.body.error.message]).toEqual([400, msg('enhanceNoScale')]);
    const none = await estimate({ items: [], scale: 2, mode: 'precision' });
    expect(none.status).toBe(400);
    const stranger = new TestClient(server.url);
    await signUpVerifiedUser(stranger, server.deps);
    const res = await estimate({ items: [{ imageId: id }], scale: 2, mode: 'precision' }, stranger);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(id);
    const anon = await estimate({ items: [{ imageId: id }], scale: 2, mode: 'precision' }, new TestClient(server.url));
    expect(anon.status).toBe(401);
  });
});
