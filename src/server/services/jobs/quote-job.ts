import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { REMOVAL_CREDIT_COST } from '@shared/credit-cost.js';
import type { V1Quote, V1QuoteRequest } from '@shared/api/v1.js';
import { resolveInputVersion } from './input-version.js';
import { estimateJob, loadEstimateContext } from '../estimates/estimate-job.js';
import { estimateRunSeconds, midpoint, queueWaitSeconds, type TimeRange } from '../estimates/estimate-time.js';

/**
 * What a job would cost, make and take, without running it or reserving anything: the estimator's answer (the same
 * input version, size rules and cost as starting the job; the time from this server's finished runs and its queue).
 */
export async function quoteJob(deps: Pick<Deps, 'db' | 'config' | 'clock'>, userId: string, req: V1QuoteRequest): Promise<V1Quote> {
  const [profile] = await deps.db.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) throw notFound();
  if (req.workflow === 'remove') {
    const { image } = await resolveInputVersion(deps.db, userId, req, msg('removeNoImage'));
    const ctx = await loadEstimateContext(deps);
    const run = estimateRunSeconds(ctx.runs, { network: 'remove', scale: null, outputMegapixels: (image.width * image.height) / 1e6 });
    const output = { width: image.width, height: image.height };
    return quote('remove', REMOVAL_CREDIT_COST, profile.credits, null, output, run, queueWaitSeconds(ctx.ahead, ctx.slots));
  }
  const e = await estimateJob(deps, userId, req);
  return quote('enhance', e.credits, profile.credits, e.scale, e.output, e.runSeconds, e.waitSeconds);
}

function quote(
  workflow: 'enhance' | 'remove',
  credits: number,
  balance: number,
  scale: number | null,
  output: { width: number; height: number },
  run: TimeRange,
  waitSeconds: number,
): V1Quote {
  return {
    workflow,
    credits,
    credits_remaining: balance,
    affordable: balance >= credits,
    scale,
    output,
    eta_ms: Math.round((waitSeconds + midpoint(run)) * 1000),
    run_seconds: { low: Math.round(run.low), high: Math.round(run.high), basis: run.basis },
    wait_seconds: Math.round(waitSeconds),
  };
}
