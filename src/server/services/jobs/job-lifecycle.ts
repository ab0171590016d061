import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { STALE_PROCESSING_MS } from '@shared/enhancement.js';
import type { Deps } from '@server/deps.js';
import type { Tx } from '@server/db/database.js';
import { imageJobs } from '@server/db/schema.js';
import { chargeReservation, getBalance, releaseReservation } from '../credits/ledger.js';
import type { JobRow } from './job-dto.js';
import { publishCredits, publishJob } from './job-events.js';
import type { JobPhase } from '@shared/estimates.js';

/**
 * The phase of a running job lives in its params (jsonb) beside what it was submitted with, so a reload or a poll
 * shows it as the live channel does; `phase` there is never read as a setting.
 */
const withPhase = (phase: JobPhase) => sql`${imageJobs.params} || ${JSON.stringify({ phase })}::jsonb`;
const withoutPhase = sql`${imageJobs.params} - 'phase'`;

type LifecycleDeps = Pick<Deps, 'db' | 'events' | 'logger' | 'clock' | 'storage' | 'queue' | 'config'>;

/** The worker takes the job: null when it is no longer processing (cancelled, failed by the sweep). */
export async function markJobStarted(deps: LifecycleDeps, jobId: string): Promise<JobRow | null> {
  const now = deps.clock();
  const [job] = await deps.db
    .update(imageJobs)
    // reading the input and creating the model's session come first: 'Loading model' until the engine says more
    .set({ startedAt: now, progress: 0, etaMs: null, params: withPhase({ kind: 'loading' }), updatedAt: now })
    .where(and(eq(imageJobs.id, jobId), eq(imageJobs.status, 'processing')))
    .returning();
  if (job) await publishJob(deps, job);
  return job ?? null;
}

/**
 * The worker gives the job back to the queue unfinished (its process is stopping): the job waits again with no
 * progress until a worker takes it; nothing is charged or released. False when it is no longer processing.
 */
export async function returnJobToQueue(deps: LifecycleDeps, jobId: string): Promise<boolean> {
  const now = deps.clock();
  const [job] = await deps.db
    .update(imageJobs)
    .set({ startedAt: null, progress: 0, etaMs: null, params: withoutPhase, updatedAt: now })
    .where(and(eq(imageJobs.id, jobId), eq(imageJobs.status, 'processing')))
    .returning();
  if (job) await publishJob(deps, job);
  return Boolean(job);
}

/**
 * Real progress from the engine's tiles, and the phase the run is in when it tells one; false when the job stopped
 * processing meanwhile (the worker should stop).
 */
export async function recordJobProgress(
  deps: LifecycleDeps,
  jobId: string,
  fraction: number,
  etaMs: number | null,
  publish: boolean,
  /** The phase told, null for progress that names none (a removal's steps), absent to leave it as it is. */
  phase?: JobPhase | null,
): Promise<boolean> {
  const now = deps.clock();
  const [job] = await deps.db
    .update(imageJobs)
    .set({
      progress: Math.max(0, Math.min(1, fraction)),
      etaMs: etaMs === null ? null : Math.round(etaMs),
      ...(phase !== undefined && { params: phase ? withPhase(phase) : withoutPhase }),
      updatedAt: now,
    })
    .where(and(eq(imageJobs.id, jobId), eq(imageJobs.status, 'processing')))
    .returning();
  if (job && publish) await publishJob(deps, job);
  return Boolean(job);
}

export interface JobResultRef {
  processedImageUrl: string;
  resultImageId: string;
}

/**
 * Success: the job becomes completed with its processed URL and the reservation becomes a charge, in one
 * transaction. Returns null when the job is no longer processing (cancelled while the result was written):
 * nothing is charged and the caller removes the result.
 */
export async function completeJob(deps: LifecycleDeps, jobId: string, result: JobResultRef): Promise<JobRow | null> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const [job] = await tx
      .update(imageJobs)
      .set({
        status: 'completed',
        processedImageUrl: result.processedImageUrl,
        resultImageId: result.resultImageId,
        progress: 1,
        etaMs: 0,
        finishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(imageJobs.id, jobId), eq(imageJobs.status, 'processing')))
      .returning();
    if (!job) return null;
    const charge = await chargeReservation(tx, jobId);
    const [fresh] = await tx.select().from(imageJobs).where(eq(imageJobs.id, jobId));
    return { job: fresh, balance: charge.balance };
  });
  if (!outcome) return null;
  await publishJob(deps, outcome.job);
  await publishCredits(deps, outcome.job.userId, outcome.balance);
  return outcome.job;
}

/** Ends a processing job as failed or cancelled inside a transaction and returns its reserved credits. */
export async function endJobInTx(tx: Tx, jobId: string, status: 'failed' | 'cancelled', message: string, now: Date) {
  const [job] = await tx
    .update(imageJobs)
    .set({ status, errorMessage: message, finishedAt: now, etaMs: null, updatedAt: now })
    .where(and(eq(imageJobs.id, jobId), inArray(imageJobs.status, ['processing', 'pending'])))
    .returning();
  if (!job) return null;
  const release = await releaseReservation(tx, jobId);
  const [fresh] = await tx.select().from(imageJobs).where(eq(imageJobs.id, jobId));
  return { job: fresh, balance: release.balance };
}

/** Failure: the job becomes failed with its message and the reservation is released (credits only for success). */
export async function failJob(deps: LifecycleDeps, jobId: string, message: string): Promise<JobRow | null> {
  const outcome = await deps.db.transaction((tx) => endJobInTx(tx, jobId, 'failed', message, deps.clock()));
  if (!outcome) return null;
  await publishJob(deps, outcome.job);
  await publishCredits(deps, outcome.job.userId, outcome.balance);
  return outcome.job;
}

const STALE_JOB_MESSAGE = 'Processing took longer than an hour and was stopped. Your credits were returned.';

/**
 * Jobs processing for over an hour are failed and their credits released (seed 001 §5: "jobs processing over
 * 1 hour are cleared"). Runs on a schedule and before each concurrency check; `userId` limits it to one user.
 */
export async function sweepStaleJobs(deps: LifecycleDeps, opts: { userId?: string; tx?: Tx; maxAgeMs?: number } = {}): Promise<JobRow[]> {
  const cutoff = new Date(deps.clock().getTime() - (opts.maxAgeMs ?? STALE_PROCESSING_MS));
  const run = async (tx: Tx) => {
    const stale = await tx
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(
        and(inArray(imageJobs.status, ['processing', 'pending']), lt(imageJobs.createdAt, cutoff), opts.userId ? eq(imageJobs.userId, opts.userId) : undefined),
      );
    const ended: { job: JobRow; balance: number }[] = [];
    for (const { id } of stale) {
      const outcome = await endJobInTx(tx, id, 'failed', STALE_JOB_MESSAGE, deps.clock());
      if (outcome) ended.push(outcome);
    }
    return ended;
  };
  const ended = opts.tx ? await run(opts.tx) : await deps.db.transaction(run);
  if (!opts.tx) {
    for (const { job, balance } of ended) {
      await publishJob(deps, job);
      await publishCredits(deps, job.userId, balance);
    }
  }
  return ended.map((e) => e.job);
}

/** Processing jobs that never reached the queue (the enqueue after commit failed, or the process died in between). */
export async function findUnqueuedJobs(deps: LifecycleDeps, olderThanMs: number): Promise<JobRow[]> {
  const cutoff = new Date(deps.clock().getTime() - olderThanMs);
  return deps.db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.status, 'processing'), isNull(imageJobs.queueJobId), lt(imageJobs.createdAt, cutoff)));
}

export async function setQueueJobId(deps: Pick<Deps, 'db'>, jobId: string, queueJobId: string) {
  await deps.db
    .update(imageJobs)
    .set({ queueJobId, updatedAt: sql`now()` })
    .where(eq(imageJobs.id, jobId));
}

export { getBalance };
