import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { planGrants, profiles } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { messages } from '@shared/messages.js';
import { COMPLIMENTARY_CREDITS, GRANTABLE_TIERS, isGrantableTier, isPaidStatus, type GrantableTier, type SubscriptionStatus } from '@shared/plans.js';
import { entitlementFromGrants, grantsOf, lockProfile } from '../billing/entitlement.js';
import { raiseCredits } from '../credits/ledger.js';
import { findUserIdByEmail } from './find-user-by-email.js';

export interface GrantPlanInput {
  email: string;
  tier: GrantableTier | string;
  /** When the complimentary plan ends; none means until revoked. */
  until?: Date | null;
  /** The admin granting it, for the record. */
  grantedBy?: string | null;
}

export interface GrantPlanResult {
  userId: string;
  tier: GrantableTier;
  /** The plan the account has after the grant: the higher of the grant and a paid plan. */
  subscriptionStatus: SubscriptionStatus;
  /** seed 001 §7.5 grant-complimentary-plan answers credits_granted: the plan's monthly credits */
  creditsGranted: number;
  /** The balance before and after the grant; after is never below before. */
  balanceBefore: number;
  balanceAfter: number;
  expiresAt: Date | null;
  grantId: string;
}

const addMonth = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/**
 * A complimentary plan (seed 000 §2 admin panel, seed 001 §9): the profile's subscription_status becomes the higher of
 * the tier and a paid plan in force, its balance is raised to at least the tier's monthly credits (a grant never takes credits
 * away: a Business balance of 1000 stays 1000 when Basic is granted), and a plan_grants row records who granted
 * what until when. An earlier active complimentary grant is replaced, so there is one to expire.
 * Used by the operator CLI and the admin panel.
 */
export async function grantPlan(deps: Pick<Deps, 'db' | 'clock'>, input: GrantPlanInput): Promise<GrantPlanResult> {
  const tier = input.tier.toLowerCase();
  if (!isGrantableTier(tier)) throw new AppError('INVALID_TIER', 400, `Plan must be one of ${GRANTABLE_TIERS.join(', ')}`);
  const now = deps.clock();
  const until = input.until ?? null;
  if (until && until.getTime() <= now.getTime()) throw new AppError('EXPIRATION_IN_PAST', 400, messages.adminExpirationPast);
  const credits = COMPLIMENTARY_CREDITS[tier];

  return deps.db.transaction(async (tx) => {
    const userId = await findUserIdByEmail(tx, input.email);
    const profile = await lockProfile(tx, userId);
    // a paid plan set without any grant (by hand) counts as paid, as applyEntitlement counts it
    const handSet =
      !(await grantsOf(tx, userId)).some((g) => g.source !== 'beta') && isPaidStatus(profile.subscriptionStatus) ? profile.subscriptionStatus : null;
    await tx
      .update(planGrants)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(planGrants.userId, userId), eq(planGrants.source, 'complimentary'), eq(planGrants.status, 'active')));
    const [grant] = await tx
      .insert(planGrants)
      .values({
        userId,
        tier,
        source: 'complimentary',
        status: 'active',
        expiresAt: until,
        currentPeriodEnd: addMonth(now),
        grantedBy: input.grantedBy ?? null,
      })
      .returning({ id: planGrants.id });
    // the higher of the paid plan and the grant: a Business customer granted Basic stays Business (label, reset, priority)
    const ent = entitlementFromGrants(await grantsOf(tx, userId), now, handSet);
    const paidPeriodEnd = ent.governing?.source === 'stripe' ? ent.governing.currentPeriodEnd : null;
    await tx
      .update(profiles)
      .set({ subscriptionStatus: ent.status, creditsResetAt: paidPeriodEnd ?? addMonth(now), updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    const balance = await raiseCredits(tx, userId, credits, 'complimentary');
    return {
      userId,
      tier,
      subscriptionStatus: ent.status,
      creditsGranted: credits,
      balanceBefore: balance.before,
      balanceAfter: balance.after,
      expiresAt: until,
      grantId: grant.id,
    };
  });
}
