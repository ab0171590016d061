import { concurrencyLimit, planName } from '@shared/plans.js';
import type { Config } from '@server/config.js';

/**
 * Enhancements a user may run at once. Beta users get the premium plans' four (seed 000 §6: "all premium features")
 * unless their plan allows more.
 */
export function userConcurrencyLimit(config: Pick<Config, 'ENTERPRISE_CONCURRENCY'>, tier: string, betaAccess: boolean): number {
  const limit = concurrencyLimit(tier, { enterpriseConcurrency: config.ENTERPRISE_CONCURRENCY });
  return betaAccess ? Math.max(limit, 4) : limit;
}

/** The plan name the concurrency message shows ("Your {Plan} plan allows …"). */
export const planLabel = (tier: string, betaAccess: boolean) => (betaAccess && planName(tier) === 'Free' ? 'Beta' : planName(tier));

/** Queue priority by plan (seed 001 §9 priority processing): the one table in shared/plans. */
export { queuePriority } from '@shared/plans.js';
