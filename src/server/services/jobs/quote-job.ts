import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { REMOVAL_CREDIT_COST } from '@shared/credit-cost.js';
import type { V1Quote, V1QuoteRequest } from '@shared/api/v1.js';
import { resolveInputVersion } from './input-version.js';
import { enhanceCost } from './enhance-cost.js';

/**
 * What a job would cost and make, without running it or reserving anything: the same input version, size rules and
 * cost as starting the job. The run time is not estimated yet (null).
 */
export async function quoteJob(deps: Pick<Deps, 'db'>, userId: string, req: V1QuoteRequest): Promise<V1Quote> {
  const [profile] = await deps.db.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) throw notFound();
  if (req.workflow === 'remove') {
    const { image } = await resolveInputVersion(deps.db, userId, req, msg('removeNoImage'));
    return quote('remove', REMOVAL_CREDIT_COST, profile.credits, null, { width: image.width, height: image.height });
  }
  const { image } = await resolveInputVersion(deps.db, userId, req, msg('enhanceNoSource'));
  const cost = enhanceCost(image, req);
  return quote('enhance', cost.credits, profile.credits, cost.scale, { width: cost.width, height: cost.height });
}

const quote = (workflow: 'enhance' | 'remove', credits: number, balance: number, scale: number | null, output: { width: number; height: number }): V1Quote => ({
  workflow,
  credits,
  credits_remaining: balance,
  affordable: balance >= credits,
  scale,
  output,
  eta_ms: null,
});
