import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { storeImage, syntheticPng } from '../testing/images.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { creditLedger, imageJobs, profiles } from '../db/schema.js';
import { msg } from '@shared/messages.js';
import { SseReader } from '../testing/sse.js';

/** The rules of submitting, cancelling and listing jobs. WORKERS=0: no worker takes the jobs, so they stay processing. */
describe.each(backends)('jobs API rules on %s', (backend) => {
  let server: TestServer;
  let now = new Date('2026-11-22T10:00:00Z');
  const clock = () => new Date(now);
  const users: Record<string, { client: TestClient; userId: string; email: string }> = {};

  async function newUser(name: string, tier?: 'basic' | 'pro' | 'business' | 'enterprise') {
    const client = new TestClient(server.url);
    const u = await signUpVerifiedUser(client, server.deps);
    if (tier) await grantPlan(server.deps, { email: u.email, tier });
    users[name] = { client, userId: u.userId, email: u.email };
    return users[name];
  }
  const credits = async (userId: string) =>
    (await server.deps.db.select({ c: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId)))[0].c;
  const image = (userId: string, w = 64, h = 48) => syntheticPng(w, h).then((png) => storeImage(server.deps, userId, png));

  beforeAll(async () => {
    server = await startTestServer({ backend, clock, env: { WORKERS: '0' } });
    await newUser('basic', 'basic');
    await newUser('business', 'business');
    await newUser('free');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('asks signed-out visitors to log in', async () => {
    const anon = new TestClient(server.url);
    const res = await anon.json('/api/jobs', { method: 'POST', json: { imageId: crypto.randomUUID(), scale: 2, mode: 'precision' } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(msg('enhanceAuthRequired'));
  });

  it('refuses a scale or mode outside the offer with the seed wording', async () => {
    const { client, userId } = users.basic;
    const img = await image(userId);
    const badScale = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 5, mode: 'precision' } });
    expect(badScale.status).toBe(400);
    expect(badScale.body.error.message).toBe(msg('enhanceNoScale'));
    const badMode = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'artistic' } });
    expect(badMode.status).toBe(400);
    expect(badMode.body.error.message).toBe(msg('enhanceNoMode'));
  });

  it('never lets a user enhance another user’s image', async () => {
    const img = await image(users.business.userId);
    const before = await credits(users.basic.userId);
    const res = await users.basic.client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'precision' } });
    expect(res.status).toBe(404);
    expect(await credits(users.basic.userId)).toBe(before);
  });

  it('checks the target resolution against the minimum and the 64 MP ceiling, charging nothing', async () => {
    const { client, userId } = users.business;
    const before = await credits(userId);
    const tiny = await image(userId, 20, 40);
    const small = await client.json('/api/jobs', { method: 'POST', json: { imageId: tiny.id, scale: 2, mode: 'detail' } });
    expect(small.status).toBe(400);
    expect(small.body.error.message).toBe('Enhanced resolution (40x80) is below minimum. Each dimension must be at least 64px.');
    // a large image row (the file content does not matter for the check)
    const big = await image(userId, 64, 48);
    await server.deps.db.execute(`update images set width = 3000, height = 2000 where id = '${big.id}'` as never);
    const large = await client.json('/api/jobs', { method: 'POST', json: { imageId: big.id, scale: 4, mode: 'detail' } });
    expect(large.status).toBe(400);
    expect(large.body.error.message).toBe('Enhanced resolution (12000x8000) exceeds 64 megapixel limit. Please reduce scale.');
    expect(await credits(userId)).toBe(before);
  });

  it('reserves the cost at submit, tells the owner live, and records it in the ledger', async () => {
    const { client, userId } = users.business;
    const img = await image(userId, 300, 200);
    const before = await credits(userId);
    const owner = await SseReader.open(`${server.url}/api/events`, { cookie: client.cookieHeader() });
    const stranger = await SseReader.open(`${server.url}/api/events`, { cookie: users.basic.client.cookieHeader() });
    await owner.next((m) => m.event === 'ready');
    await stranger.next((m) => m.event === 'ready');
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 4, mode: 'creativity' } });
    expect(res.status).toBe(201);
    // 1200 px longest side → 3 credits
    expect(res.body.job).toMatchObject({
      status: 'processing',
      credits_used: 3,
      credit_state: 'reserved',
      scale: 4,
      mode: 'creativity',
      target_image_id: img.id,
    });
    expect(res.body.credits_remaining).toBe(before - 3);
    expect(await credits(userId)).toBe(before - 3);
    const ledger = await server.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.jobId, res.body.job.id)));
    expect(ledger.map((l) => [l.reason, l.delta, l.balanceAfter])).toEqual([['reserve', -3, before - 3]]);
    const live = JSON.parse((await owner.next((m) => m.event === 'job')).data).data;
    expect(live).toMatchObject({ id: res.body.job.id, status: 'processing' });
    expect(JSON.parse((await owner.next((m) => m.event === 'profile')).data).data).toEqual({ credits_remaining: before - 3 });
    // the other user's stream carries nothing of this job
    await new Promise((r) => setTimeout(r, 300));
    expect(stranger.all().filter((m) => m.event === 'job' || m.event === 'profile')).toEqual([]);
    owner.close();
    stranger.close();

    // the same image again within 10 minutes is refused
    const again = await client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'creativity' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(msg('enhanceAlreadyProcessing'));
  });

  it('holds the plan’s concurrency limit and clears jobs processing for over an hour first', async () => {
    const { client, userId } = users.basic;
    const first = await client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(userId)).id, scale: 2, mode: 'precision' } });
    expect(first.status).toBe(201);
    const second = await client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(userId)).id, scale: 2, mode: 'precision' } });
    expect(second.status).toBe(429);
    expect(second.body.error.message).toBe(
      'Maximum concurrent jobs reached (1/1). Your Basic plan allows 1 image(s) at a time. Please wait for a job to complete.',
    );
    const balance = await credits(userId);
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const third = await client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(userId)).id, scale: 2, mode: 'precision' } });
    expect(third.status).toBe(201);
    const [stale] = await server.deps.db.select().from(imageJobs).where(eq(imageJobs.id, first.body.job.id));
    expect(stale).toMatchObject({ status: 'failed', creditState: 'released' });
    // the stale job's credit came back, the new one's was reserved
    expect(await credits(userId)).toBe(balance + 1 - 1);
  });

  it('refuses a free plan (no concurrent enhancements) and users without credits', async () => {
    const { client, userId } = users.free;
    const res = await client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(userId)).id, scale: 2, mode: 'precision' } });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(
      'Maximum concurrent jobs reached (0/0). Your Free plan allows 0 image(s) at a time. Please wait for a job to complete.',
    );
    await server.deps.db.update(profiles).set({ creditsRemaining: 0, subscriptionStatus: 'business' }).where(eq(profiles.userId, userId));
    const broke = await client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(userId)).id, scale: 2, mode: 'precision' } });
    expect(broke.status).toBe(402);
    expect(broke.body.error.message).toBe(msg('enhanceInsufficientCredits'));
  });

  it('cancels early, releases the reservation, and refuses a second cancel', async () => {
    const { client, userId } = users.business;
    const submitted = (await client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(userId)).id, scale: 2, mode: 'detail' } })).body;
    const job = submitted.job;
    const before = submitted.credits_remaining + 1;
    expect(await credits(userId)).toBe(before - 1);
    const other = await users.basic.client.json(`/api/jobs/${job.id}/cancel`, { method: 'POST' });
    expect(other.status).toBe(404);
    const res = await client.json(`/api/jobs/${job.id}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, cancelled_early: true, message: msg('cancelEarly'), credits_remaining: before });
    expect(res.body.job).toMatchObject({ status: 'cancelled', credit_state: 'released' });
    expect(await credits(userId)).toBe(before);
    const again = await client.json(`/api/jobs/${job.id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Job already cancelled');
  });

  it('lists only the owner’s jobs', async () => {
    const { client, userId } = users.business;
    const mine = (await client.json('/api/jobs/recent')).body.jobs;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThanOrEqual(10);
    expect(Object.keys(mine[0]).sort()).toEqual(['created_at', 'credits_used', 'id', 'status', 'workflow_type']);
    const ids = mine.map((j: { id: string }) => j.id).join(',');
    expect((await client.json(`/api/jobs?ids=${ids}`)).body.jobs).toHaveLength(mine.length);
    expect((await users.basic.client.json(`/api/jobs?ids=${ids}`)).body.jobs).toEqual([]);
    const active = (await client.json('/api/jobs/active')).body.jobs;
    expect(active.every((j: { status: string }) => j.status === 'processing')).toBe(true);
    expect((await users.free.client.json('/api/jobs/active')).body.jobs.every((j: { id: string }) => !ids.includes(j.id))).toBe(true);
    void userId;
  });

  it('never lets parallel submissions overdraw the balance', async () => {
    const u = await newUser('enterprise', 'enterprise');
    await server.deps.db.update(profiles).set({ creditsRemaining: 3 }).where(eq(profiles.userId, u.userId));
    const imgs = await Promise.all(Array.from({ length: 8 }, () => image(u.userId)));
    const results = await Promise.all(
      imgs.map((img) => u.client.json('/api/jobs', { method: 'POST', json: { imageId: img.id, scale: 2, mode: 'precision' } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 402)).toBe(true);
    expect(await credits(u.userId)).toBe(0);
    const ledger = await server.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, u.userId));
    expect(ledger.filter((l) => l.reason === 'reserve').reduce((a, l) => a + l.delta, 0)).toBe(-3);
  });

  it('tells each user where their waiting jobs stand in the server’s queue, and how many run at once', async () => {
    const a = users.business;
    const b = await newUser('queue-b', 'business');
    const ahead = (await a.client.json('/api/jobs/queue')).body;
    expect(ahead).toMatchObject({ workers: 0, waiting: [] });
    const submit = async (u: typeof a) =>
      (await u.client.json('/api/jobs', { method: 'POST', json: { imageId: (await image(u.userId)).id, scale: 2, mode: 'precision' } })).body.job.id as string;
    now = new Date(now.getTime() + 1000);
    const a1 = await submit(a);
    now = new Date(now.getTime() + 1000);
    const b1 = await submit(b);
    now = new Date(now.getTime() + 1000);
    const a2 = await submit(a);
    const qa = (await a.client.json('/api/jobs/queue')).body as { waiting: { id: string; position: number; expected_start_ms: number | null }[] };
    const qb = (await b.client.json('/api/jobs/queue')).body as typeof qa;
    // only one's own jobs are listed, each counted behind every job accepted before it
    expect(qa.waiting.map((w) => w.id)).toEqual([a1, a2]);
    expect(qb.waiting.map((w) => w.id)).toEqual([b1]);
    expect(qb.waiting[0].position).toBe(qa.waiting[0].position + 1);
    expect(qa.waiting[1].position).toBe(qa.waiting[0].position + 2);
    // no worker on this server: no start can be expected
    expect(qa.waiting.every((w) => w.expected_start_ms === null)).toBe(true);
  });
});
