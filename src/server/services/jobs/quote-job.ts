import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { REMOVAL_CREDIT_COST } from '@shared/credit-cost.js';
import type { TargetSize } from '@shared/target-size.js';
import type { V1JobEstimate, V1Quote, V1QuoteRequest } from '@shared/api/v1.js';
import { resolveInputVersion } from './input-version.js';
import { estimateJob, loadEstimateContext, unfinishedJobTime } from '../estimates/estimate-job.js';
import { estimateRunSeconds, midpoint, queueWaitSeconds, type TimeRange } from '../estimates/estimate-time.js';

type QuoteDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

interface Quoted {
  credits: number;
  scale: number | null;
  output: { width: number; height: number };
  estimate: V1JobEstimate;
}

const estimateOf = (run: TimeRange, waitSeconds: number): V1JobEstimate => ({
  eta_ms: Math.round((waitSeconds + midpoint(run)) * 1000),
  run_seconds: { low: Math.round(run.low), high: Math.round(run.high), basis: run.basis },
  wait_seconds: Math.round(waitSeconds),
});

/** An enhancement's cost, output and time, by the estimator (the same input, size rules and cost as starting it). */
export async function quoteEnhancement(
  deps: QuoteDeps,
  userId: string,
  req: { imageId: string; sourceVersionId?: string; scale?: number; targetSize?: TargetSize; mode: string },
): Promise<Quoted> {
  const e = await estimateJob(deps, userId, req);
  return { credits: e.credits, scale: e.scale, output: e.output, estimate: estimateOf(e.runSeconds, e.waitSeconds) };
}

/** A removal's cost and time: its output is the input's size. */
export async function quoteRemoval(deps: QuoteDeps, userId: string, req: { imageId: string; sourceVersionId?: string }): Promise<Quoted> {
  const { image } = await resolveInputVersion(deps.db, userId, req, msg('removeNoImage'));
  const ctx = await loadEstimateContext(deps);
  const run = estimateRunSeconds(ctx.runs, { network: 'remove', scale: null, outputMegapixels: (image.width * image.height) / 1e6 });
  return {
    credits: REMOVAL_CREDIT_COST,
    scale: null,
    output: { width: image.width, height: image.height },
    estimate: estimateOf(run, queueWaitSeconds(ctx.ahead, ctx.slots)),
  };
}

/**
 * A job's time from now while it waits or runs (GET /api/v1/jobs/{id}): its place in the queue and its run by the
 * estimator, or what a running job has left. Null once it has ended.
 */
export async function estimateAcceptedJob(deps: QuoteDeps, jobId: string): Promise<V1JobEstimate | null> {
  const time = unfinishedJobTime(await loadEstimateContext(deps), jobId);
  if (!time) return null;
  return { ...estimateOf(time.run, time.waitSeconds), eta_ms: Math.round(time.leftSeconds * 1000) };
}

/**
 * What a job would cost, make and take, without running it or reserving anything: the estimator's answer (the run
 * from this server's finished runs, the wait from its queue) and whether the balance covers it.
 */
export async function quoteJob(deps: QuoteDeps, userId: string, req: V1QuoteRequest): Promise<V1Quote> {
  const [profile] = await deps.db.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) throw notFound();
  const q = req.workflow === 'remove' ? await quoteRemoval(deps, userId, req) : await quoteEnhancement(deps, userId, req);
  return {
    workflow: req.workflow,
    credits: q.credits,
    credits_remaining: profile.credits,
    affordable: profile.credits >= q.credits,
    scale: q.scale,
    output: q.output,
    ...q.estimate,
  };
}
