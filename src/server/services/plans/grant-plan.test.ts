import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COMPLIMENTARY_CREDITS } from '@shared/plans.js';
import { backends, createTestDatabase, type TestDatabase } from '@server/testing/databases.js';
import { insertUser } from '@server/testing/insert-user.js';
import { creditLedger, planGrants, profiles } from '@server/db/schema.js';
import type { Db } from '@server/db/database.js';
import { grantPlan } from './grant-plan.js';
import { getBalance, grantCredits } from '../credits/ledger.js';

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

  /** A user whose balance came through the ledger, so the ledger's sum is the balance from the start. */
  async function userWith(credits: number, subscriptionStatus: 'free' | 'basic' | 'pro' | 'business' | 'enterprise' = 'free') {
    const u = await insertUser(db, { subscriptionStatus });
    if (credits > 0) await grantCredits(db, u.id, credits, 'adjustment');
    return u;
  }
  const ledgerOf = (userId: string) => db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.id);
  async function expectLedgerMatchesBalance(userId: string) {
    const [{ total }] = await db
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(Number(total)).toBe(await getBalance(db, userId));
  }

  it('never lowers a balance: a Business user with 1000 credits granted Basic keeps 1000, with no ledger entry', async () => {
    const u = await userWith(COMPLIMENTARY_CREDITS.business, 'business');
    const result = await grantPlan(deps(), { email: u.email, tier: 'basic' });
    expect((await profileOf(u.id)).creditsRemaining).toBe(1000);
    expect(result).toMatchObject({ creditsGranted: COMPLIMENTARY_CREDITS.basic, balanceBefore: 1000, balanceAfter: 1000 });
    expect((await ledgerOf(u.id)).map((r) => [r.reason, r.delta])).toEqual([['adjustment', 1000]]);
    await expectLedgerMatchesBalance(u.id);
  });

  it('an Enterprise balance above the plan granted stays, and a balance below it is raised with one positive entry', async () => {
    const rich = await userWith(5000, 'enterprise');
    const kept = await grantPlan(deps(), { email: rich.email, tier: 'pro' });
    expect((await profileOf(rich.id)).creditsRemaining).toBe(5000);
    expect((await ledgerOf(rich.id)).every((r) => r.delta > 0)).toBe(true);
    expect(kept).toMatchObject({ balanceBefore: 5000, balanceAfter: 5000 });
    await expectLedgerMatchesBalance(rich.id);

    const poor = await userWith(30);
    const raised = await grantPlan(deps(), { email: poor.email, tier: 'pro' });
    expect((await ledgerOf(poor.id)).map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([
      ['adjustment', 30, 30],
      ['complimentary', 470, 500],
    ]);
    expect(raised).toMatchObject({ balanceBefore: 30, balanceAfter: 500 });
    await expectLedgerMatchesBalance(poor.id);
  });
});
