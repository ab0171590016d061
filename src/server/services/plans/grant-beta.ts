import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { planGrants, profiles } from '@server/db/schema.js';
import { BETA_CREDITS, isPaidStatus } from '@shared/plans.js';
import { resetCredits } from '../credits/ledger.js';
import { findUserIdByEmail } from './find-user-by-email.js';

export interface GrantBetaResult {
  userId: string;
  creditsGranted: number;
  /** The subscription_status after the grant. */
  subscriptionStatus: string;
  grantId: string;
}

/**
 * Beta access (seed 000 §6): the beta badge, 2000 credits at once (reset to 2000 monthly) and all premium
 * features. A free account also becomes 'pro', because /enhance and the concurrency limit go by
 * subscription_status and a free tier may run nothing; a paid tier is kept. Granting again refreshes the credits
 * and keeps a single active beta grant. Used by the operator CLI and the admin panel.
 */
export async function grantBeta(deps: Pick<Deps, 'db' | 'clock'>, input: { email: string; grantedBy?: string | null }): Promise<GrantBetaResult> {
  const now = deps.clock();
  const nextReset = new Date(now);
  nextReset.setUTCMonth(nextReset.getUTCMonth() + 1);
  return deps.db.transaction(async (tx) => {
    const userId = await findUserIdByEmail(tx, input.email);
    const [profile] = await tx.select({ status: profiles.subscriptionStatus }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    const subscriptionStatus = profile && isPaidStatus(profile.status) ? profile.status : 'pro';
    await tx
      .update(planGrants)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(planGrants.userId, userId), eq(planGrants.source, 'beta'), eq(planGrants.status, 'active')));
    const [grant] = await tx
      .insert(planGrants)
      .values({ userId, tier: null, source: 'beta', status: 'active', currentPeriodEnd: nextReset, grantedBy: input.grantedBy ?? null })
      .returning({ id: planGrants.id });
    await tx
      .update(profiles)
      .set({ betaAccess: true, subscriptionStatus, creditsResetAt: nextReset, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    await resetCredits(tx, userId, BETA_CREDITS, 'beta');
    return { userId, creditsGranted: BETA_CREDITS, subscriptionStatus, grantId: grant.id };
  });
}
