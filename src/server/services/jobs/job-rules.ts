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

/**
 * Queue priority: higher tiers' jobs are taken first when workers are busy (priority processing, seed 001 §9).
 */
export function queuePriority(tier: string, betaAccess: boolean): number {
  switch (tier) {
    case 'enterprise':
      return 30;
    case 'business':
      return 20;
    case 'pro':
    case 'professional':
      return 10;
    default:
      return betaAccess ? 10 : 0;
  }
}
