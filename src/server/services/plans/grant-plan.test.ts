import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends, createTestDatabase, type TestDatabase } from '@server/testing/databases.js';
import { insertUser } from '@server/testing/insert-user.js';
import { creditLedger, planGrants, profiles } from '@server/db/schema.js';
import type { Db } from '@server/db/database.js';
import { grantPlan } from './grant-plan.js';
import { grantBeta } from './grant-beta.js';

describe.each(backends)('plan grants (%s)', (backend) => {
  let t: TestDatabase;
  let db: Db;
  const now = new Date('2026-03-10T12:00:00Z');
  const deps = () => ({ db, clock: () => now });
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    db = t.database.db;
  });
  afterAll(() => t?.dispose());

  const profileOf = async (userId: string) => (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const grantsOf = (userId: string) => db.select().from(planGrants).where(eq(planGrants.userId, userId));

  it.each([
    ['basic', 200],
    ['pro', 500],
    ['business', 1000],
    ['enterprise', 5000],
  ] as const)('grants %s with %i credits', async (tier, credits) => {
    const u = await insertUser(db, { credits: 4 });
    const until = new Date('2026-06-30T00:00:00Z');
    const result = await grantPlan(deps(), { email: u.email.toUpperCase(), tier, until });
    expect(result).toMatchObject({ userId: u.id, tier, creditsGranted: credits, expiresAt: until });
    const p = await profileOf(u.id);
    expect([p.subscriptionStatus, p.creditsRemaining]).toEqual([tier, credits]);
    const [g] = await grantsOf(u.id);
    expect(g).toMatchObject({ tier, source: 'complimentary', status: 'active', expiresAt: until });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
    expect(ledger.map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([['complimentary', credits - 4, credits]]);
  });

  it('replaces an earlier complimentary grant and allows no expiry', async () => {
    const u = await insertUser(db);
    await grantPlan(deps(), { email: u.email, tier: 'basic' });
    await grantPlan(deps(), { email: u.email, tier: 'business' });
    const grants = await grantsOf(u.id);
    expect(grants.filter((g) => g.status === 'active').map((g) => g.tier)).toEqual(['business']);
    expect(grants.find((g) => g.status === 'active')!.expiresAt).toBeNull();
  });

  it('rejects an unknown user, a past date and an unknown tier with the seed messages', async () => {
    await expect(grantPlan(deps(), { email: 'nobody@example.test', tier: 'pro' })).rejects.toMatchObject({ status: 404, message: 'User not found' });
    const u = await insertUser(db, { credits: 4 });
    await expect(grantPlan(deps(), { email: u.email, tier: 'pro', until: new Date('2026-03-10T11:00:00Z') })).rejects.toMatchObject({
      status: 400,
      message: 'Expiration date must be in the future',
    });
    await expect(grantPlan(deps(), { email: u.email, tier: 'gold' })).rejects.toMatchObject({ status: 400 });
    expect((await profileOf(u.id)).creditsRemaining).toBe(4);
    expect(await grantsOf(u.id)).toEqual([]);
  });

  it('grants beta: badge, 2000 credits, pro for a free account, paid tier kept', async () => {
    const free = await insertUser(db, { credits: 4 });
    expect(await grantBeta(deps(), { email: free.email })).toMatchObject({ creditsGranted: 2000, subscriptionStatus: 'pro' });
    const p = await profileOf(free.id);
    expect([p.betaAccess, p.creditsRemaining, p.subscriptionStatus]).toEqual([true, 2000, 'pro']);
    const [g] = await grantsOf(free.id);
    expect(g).toMatchObject({ source: 'beta', tier: null, status: 'active' });

    const paid = await insertUser(db, { credits: 10, subscriptionStatus: 'business' });
    await grantBeta(deps(), { email: paid.email });
    await grantBeta(deps(), { email: paid.email });
    expect((await profileOf(paid.id)).subscriptionStatus).toBe('business');
    expect((await grantsOf(paid.id)).filter((x) => x.status === 'active').length).toBe(1);
    await expect(grantBeta(deps(), { email: 'nobody@example.test' })).rejects.toMatchObject({ message: 'User not found' });
  });
});
