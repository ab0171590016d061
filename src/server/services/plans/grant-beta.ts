import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { planGrants, profiles } from '@server/db/schema.js';
import { BETA_CREDITS, isPaidStatus } from '@shared/plans.js';
import { raiseCredits } from '../credits/ledger.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { sendBetaAccessEmail } from './beta-access-mail.js';

export interface GrantBetaResult {
  userId: string;
  creditsGranted: number;
  /** The subscription_status after the grant. */
  subscriptionStatus: string;
  /** The user had beta access already: nothing was changed, recorded or sent. */
  alreadyHadBeta: boolean;
  /** The active beta grant made now; null when the user already had beta access. */
  grantId: string | null;
  /** The balance before and after the grant; after is never below before. */
  balanceBefore: number;
  balanceAfter: number;
  /** Whether the beta-access e-mail went out. */
  emailSent: boolean;
}

/**
 * Beta access (seed 000 §6): the beta badge, 2000 credits at once (reset to 2000 monthly) and all premium
 * features. The balance is raised to 2000, never lowered (an Enterprise balance of 5000 stays). A free account
 * also becomes 'pro', because /enhance and the concurrency limit go by subscription_status and a free tier may run
 * nothing; a paid tier is kept. A user who already has beta access is left as they are, with no second e-mail.
 * The one implementation behind the admin panel and the operator CLI; the beta-access e-mail goes out after the
 * commit, and one that cannot be delivered never undoes the grant.
 */
export async function grantBeta(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>,
  input: { email: string; grantedBy?: string | null },
): Promise<GrantBetaResult> {
  const now = deps.clock();
  const nextReset = new Date(now);
  nextReset.setUTCMonth(nextReset.getUTCMonth() + 1);
  const granted = await deps.db.transaction(async (tx) => {
    const userId = await findUserIdByEmail(tx, input.email);
    // the row lock makes a second grant running at the same moment wait and then find beta access already there
    const [profile] = await tx
      .select({ status: profiles.subscriptionStatus, beta: profiles.betaAccess, credits: profiles.creditsRemaining })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (profile?.beta) {
      return {
        userId,
        creditsGranted: BETA_CREDITS,
        subscriptionStatus: profile.status,
        alreadyHadBeta: true,
        grantId: null,
        balanceBefore: profile.credits,
        balanceAfter: profile.credits,
      };
    }
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
    const balance = await raiseCredits(tx, userId, BETA_CREDITS, 'beta');
    return {
      userId,
      creditsGranted: BETA_CREDITS,
      subscriptionStatus,
      alreadyHadBeta: false,
      grantId: grant.id,
      balanceBefore: balance.before,
      balanceAfter: balance.after,
    };
  });
  const emailSent = granted.alreadyHadBeta ? false : await sendBetaAccessEmail(deps, granted.userId);
  return { ...granted, emailSent };
}
