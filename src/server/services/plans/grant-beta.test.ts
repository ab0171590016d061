import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { backends } from '@server/testing/databases.js';
import { createServiceDeps, type ServiceDeps } from '@server/testing/service-deps.js';
import { insertUser } from '@server/testing/insert-user.js';
import { createOutboxMailer } from '@server/adapters/mail/outbox.js';
import { creditLedger, emailOutbox, planGrants, profiles } from '@server/db/schema.js';
import type { Mailer } from '@server/ports/mailer.js';
import { BETA_CREDITS } from '@shared/plans.js';
import { getBalance, grantCredits } from '../credits/ledger.js';
import { grantBeta } from './grant-beta.js';

describe.each(backends)('beta access grants (%s)', (backend) => {
  let d: ServiceDeps;
  let mailer: Mailer;
  const deps = () => ({ ...d, mailer });
  beforeAll(async () => {
    d = await createServiceDeps(backend);
    mailer = createOutboxMailer(d);
  });
  afterAll(() => d?.dispose());

  const profileOf = async (userId: string) => (await d.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const grantsOf = (userId: string) => d.db.select().from(planGrants).where(eq(planGrants.userId, userId));
  const ledgerOf = (userId: string) => d.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.id);
  const betaMailsTo = (email: string) =>
    d.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'beta-access')));
  async function userWith(credits: number, subscriptionStatus: 'free' | 'business' | 'enterprise' = 'free') {
    const u = await insertUser(d.db, { subscriptionStatus });
    if (credits > 0) await grantCredits(d.db, u.id, credits, 'adjustment');
    return u;
  }
  async function expectLedgerMatchesBalance(userId: string) {
    const [{ total }] = await d.db
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(Number(total)).toBe(await getBalance(d.db, userId));
  }

  it('grants beta: badge, 2000 credits with one positive entry, pro for a free account, the beta-access e-mail', async () => {
    const free = await userWith(4);
    const result = await grantBeta(deps(), { email: free.email });
    expect(result).toMatchObject({
      creditsGranted: BETA_CREDITS,
      subscriptionStatus: 'pro',
      alreadyHadBeta: false,
      balanceBefore: 4,
      balanceAfter: 2000,
      emailSent: true,
    });
    const p = await profileOf(free.id);
    expect([p.betaAccess, p.creditsRemaining, p.subscriptionStatus]).toEqual([true, 2000, 'pro']);
    const [g] = await grantsOf(free.id);
    expect(g).toMatchObject({ source: 'beta', tier: null, status: 'active' });
    expect((await ledgerOf(free.id)).map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([
      ['adjustment', 4, 4],
      ['beta', 1996, 2000],
    ]);
    expect(await betaMailsTo(free.email)).toHaveLength(1);
    await expectLedgerMatchesBalance(free.id);
    await expect(grantBeta(deps(), { email: 'nobody@example.test' })).rejects.toMatchObject({ message: 'User not found' });
  });

  it('never lowers a balance: Enterprise with 5000 credits keeps 5000 and its tier, and the ledger has no negative entry', async () => {
    const u = await userWith(5000, 'enterprise');
    const result = await grantBeta(deps(), { email: u.email });
    const p = await profileOf(u.id);
    expect([p.betaAccess, p.creditsRemaining, p.subscriptionStatus]).toEqual([true, 5000, 'enterprise']);
    const ledger = await ledgerOf(u.id);
    expect(ledger.map((r) => [r.reason, r.delta])).toEqual([['adjustment', 5000]]);
    expect(result).toMatchObject({ subscriptionStatus: 'enterprise', balanceBefore: 5000, balanceAfter: 5000 });
    await expectLedgerMatchesBalance(u.id);
  });

  it('granting beta twice changes nothing the second time: one e-mail, one grant, no ledger entry', async () => {
    const u = await userWith(10, 'business');
    await grantBeta(deps(), { email: u.email });
    const ledgerAfterFirst = await ledgerOf(u.id);
    const again = await grantBeta(deps(), { email: u.email });
    expect(await ledgerOf(u.id)).toEqual(ledgerAfterFirst);
    expect(again).toMatchObject({ alreadyHadBeta: true, emailSent: false, balanceBefore: 2000, balanceAfter: 2000, subscriptionStatus: 'business' });
    expect(await betaMailsTo(u.email)).toHaveLength(1);
    expect((await ledgerOf(u.id)).some((r) => r.delta === 0)).toBe(false);
    expect((await grantsOf(u.id)).filter((x) => x.status === 'active')).toHaveLength(1);
    await expectLedgerMatchesBalance(u.id);
  });
});
