import { and, eq, isNotNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs } from '@server/db/schema.js';
import { enqueueJob, queueFor } from './enqueue-job.js';
import { failJob, findUnqueuedJobs, sweepStaleJobs } from './job-lifecycle.js';
import { closeSilentClaims } from '../workers/remote-claims.js';
import { purgeExpiredIdempotencyKeys } from '../api-keys/idempotency.js';
import { runWebhookMaintenance } from '../webhooks/webhook-maintenance.js';

/** Queue states after which no worker will take the job again (retries used up, cancelled, or ended). */
const GONE_STATES = new Set(['failed', 'cancelled', 'completed']);
export const LOST_JOB_MESSAGE =
  'Processing stopped: the worker running this job was lost and the retries are used up. Your credits were returned; please try again.';

/**
 * Jobs still processing whose queue job no worker will run again (its worker died on every attempt, or the queue
 * expired it) are failed at once and their credits released, instead of holding a concurrency slot for an hour.
 */
async function failLostJobs(deps: Pick<Deps, 'db' | 'queue' | 'events' | 'logger' | 'clock' | 'storage' | 'config'>): Promise<number> {
  const rows = await deps.db
    .select({ id: imageJobs.id, workflowType: imageJobs.workflowType, queueJobId: imageJobs.queueJobId })
    .from(imageJobs)
    .where(and(eq(imageJobs.status, 'processing'), isNotNull(imageJobs.queueJobId)));
  let failed = 0;
  for (const row of rows) {
    let state: string | null;
    try {
      state = await deps.queue.state(queueFor(row), row.queueJobId!);
    } catch (err) {
      deps.logger.warn({ err, jobId: row.id }, 'queue state unavailable');
      continue;
    }
    if (state !== null && !GONE_STATES.has(state)) continue;
    if (await failJob(deps, row.id, LOST_JOB_MESSAGE)) failed++;
  }
  return failed;
}

/** A job whose enqueue after commit did not happen within this long is queued again. */
const UNQUEUED_AFTER_MS = 60_000;

/**
 * The every-minute maintenance run: fails jobs processing for over an hour and jobs the queue gave up on (credits
 * released), and queues jobs that were committed but never reached the queue. Safe on any number of instances:
 * every transition is conditional.
 */
export async function runJobMaintenance(deps: Pick<Deps, 'db' | 'queue' | 'events' | 'logger' | 'clock' | 'storage' | 'config'>) {
  const failed = await sweepStaleJobs(deps);
  const lost = await failLostJobs(deps);
  const unqueued = await findUnqueuedJobs(deps, UNQUEUED_AFTER_MS);
  await closeSilentClaims(deps);
  // the public API's idempotency keys are kept a day
  await purgeExpiredIdempotencyKeys(deps);
  // webhook deliveries: the log's retention, and a delivery that never reached the queue
  await runWebhookMaintenance(deps);
  for (const job of unqueued) await enqueueJob(deps, job, 0);
  if (failed.length || lost || unqueued.length) deps.logger.info({ failed: failed.length, lost, requeued: unqueued.length }, 'job maintenance');
  return { failed: failed.length, lost, requeued: unqueued.length };
}
