import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@server/db/database.js';
import type { Deps } from '@server/deps.js';
import { creditLedger, planGrants, profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { creditAllowance, entitlementOf, isPaidStatus, planRank, type SubscriptionStatus } from '@shared/plans.js';
import { resetCredits, type CreditReason } from '../credits/ledger.js';

export type GrantRow = typeof planGrants.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

export const addMonths = (d: Date, n = 1) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + n);
  return next;
};

/**
 * Whether a grant gives its plan at `now`. A payment subscription does while paid or retrying a failed payment,
 * and after cancellation until the end of the period paid for (seed 000 §4); a complimentary plan until its
 * expiration date; beta access until revoked.
 */
export function grantInForce(g: GrantRow, now: Date): boolean {
  switch (g.source) {
    case 'stripe':
      if (g.status === 'active' || g.status === 'past_due') return true;
      return g.status === 'cancelled' && !!g.currentPeriodEnd && g.currentPeriodEnd.getTime() > now.getTime();
    case 'complimentary':
      return g.status === 'active' && (!g.expiresAt || g.expiresAt.getTime() > now.getTime());
    case 'beta':
      return g.status === 'active';
  }
}

/** A paid subscription records the plan as the checkout names it; complimentary grants keep the operator's 'pro'. */
const statusOfGrant = (g: GrantRow): SubscriptionStatus => (g.source === 'stripe' && g.tier === 'pro' ? 'professional' : (g.tier ?? 'free'));

export interface Entitlement {
  status: SubscriptionStatus;
  beta: boolean;
  /** The grant the plan comes from (null for free and beta-only accounts). */
  governing: GrantRow | null;
  /** The paid subscription in force under a higher complimentary plan, if any (it keeps renewing and billing). */
  paidUnder: GrantRow | null;
}

/** The highest-ranked of some grants, or null. */
const highest = (grants: GrantRow[]) =>
  grants.reduce<GrantRow | null>((best, g) => (!best || planRank(statusOfGrant(g)) > planRank(statusOfGrant(best)) ? g : best), null);

/**
 * The plan a user has from their grants: the shared rule (entitlementOf in shared/plans) over the best paid
 * subscription and the best complimentary grant in force. `handSetPaid` stands for a paid status set without any
 * grant (by hand, before billing existed), which counts as a paid plan.
 */
export function entitlementFromGrants(grants: GrantRow[], now: Date, handSetPaid: SubscriptionStatus | null = null): Entitlement {
  const inForce = grants.filter((g) => grantInForce(g, now));
  const paid = highest(inForce.filter((g) => g.source === 'stripe'));
  const comp = highest(inForce.filter((g) => g.source === 'complimentary'));
  const ent = entitlementOf({
    paid: paid ? statusOfGrant(paid) : handSetPaid,
    complimentary: comp ? statusOfGrant(comp) : null,
    beta: inForce.some((g) => g.source === 'beta'),
  });
  const governing = ent.source === 'paid' ? paid : ent.source === 'complimentary' ? comp : null;
  return { status: ent.status, beta: ent.beta, governing, paidUnder: ent.source === 'complimentary' ? paid : null };
}

export async function lockProfile(tx: Tx, userId: string): Promise<ProfileRow> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
  if (!row) throw notFound('Profile not found');
  return row;
}

export const grantsOf = (tx: Tx, userId: string) => tx.select().from(planGrants).where(eq(planGrants.userId, userId)).orderBy(desc(planGrants.createdAt));

/** True when this invoice already set the balance (a checkout and its first invoice arrive as two events). */
export async function invoiceAlreadyCredited(tx: Tx, userId: string, invoiceId: string | null): Promise<boolean> {
  if (!invoiceId) return false;
  const [row] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.invoiceId, invoiceId), inArray(creditLedger.reason, ['plan_change', 'monthly_reset'])))
    .limit(1);
  return !!row;
}

export interface ApplyEntitlementOptions {
  /**
   * 'changed': reset the balance to the new plan's allowance only when the plan changed (seed 001 §9: credits reset
   * on plan change); 'always': a billing cycle or a new subscription; 'never': only the status follows.
   */
  credits: 'changed' | 'always' | 'never';
  reason: CreditReason;
  invoiceId?: string | null;
}

export interface EntitlementChange {
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  beta: boolean;
  /** The balance after a reset, or undefined when credits were left alone. */
  balance?: number;
}

/**
 * Brings the profile's subscription_status, beta flag and credits in line with the user's grants. The caller holds
 * the profile row lock (lockProfile) so concurrent events for one user apply one after the other.
 */
export async function applyEntitlement(tx: Tx, profile: ProfileRow, now: Date, opts: ApplyEntitlementOptions): Promise<EntitlementChange> {
  const grants = await grantsOf(tx, profile.userId);
  const from = profile.subscriptionStatus;
  // a plan set without any grant (by hand, before billing existed) counts as paid until a grant says otherwise
  const handSet = !grants.some((g) => g.source !== 'beta') && isPaidStatus(from) ? from : null;
  const ent = entitlementFromGrants(grants, now, handSet);
  // an account flagged beta without a grant row (set by hand) keeps its flag
  const beta = grants.some((g) => g.source === 'beta') ? ent.beta : profile.betaAccess;
  const changed = from !== ent.status || beta !== profile.betaAccess;
  const reset = opts.credits === 'always' || (opts.credits === 'changed' && changed);
  const paidPeriodEnd = ent.governing?.source === 'stripe' ? ent.governing.currentPeriodEnd : null;
  const nextReset = paidPeriodEnd ?? (reset ? addMonths(now) : profile.creditsResetAt);
  await tx
    .update(profiles)
    .set({ subscriptionStatus: ent.status, betaAccess: beta, creditsResetAt: nextReset, updatedAt: sql`now()` })
    .where(eq(profiles.userId, profile.userId));
  let balance: number | undefined;
  if (reset) {
    balance = (await resetCredits(tx, profile.userId, creditAllowance(ent.status, beta), opts.reason, { invoiceId: opts.invoiceId ?? null })).balance;
  }
  return { from, to: ent.status, beta, balance };
}

/** Whether the plan an account has now comes from a complimentary grant (shown as such on every view of the plan). */
export async function hasComplimentaryPlan(deps: Pick<Deps, 'db'>, userId: string, now: Date): Promise<boolean> {
  const grants = await deps.db.select().from(planGrants).where(eq(planGrants.userId, userId));
  return entitlementFromGrants(grants, now).governing?.source === 'complimentary';
}
