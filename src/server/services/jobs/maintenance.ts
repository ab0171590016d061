import type { Deps } from '../../deps.js';
import { enqueueJob } from './enqueue-job.js';
import { findUnqueuedJobs, sweepStaleJobs } from './job-lifecycle.js';

/** A job whose enqueue after commit did not happen within this long is queued again. */
const UNQUEUED_AFTER_MS = 60_000;

/**
 * The every-minute maintenance run: fails jobs processing for over an hour (credits released) and queues jobs that
 * were committed but never reached the queue. Safe on any number of instances: every transition is conditional.
 */
export async function runJobMaintenance(deps: Pick<Deps, 'db' | 'queue' | 'events' | 'logger' | 'clock' | 'storage'>) {
  const failed = await sweepStaleJobs(deps);
  const unqueued = await findUnqueuedJobs(deps, UNQUEUED_AFTER_MS);
  for (const job of unqueued) await enqueueJob(deps, job, 0);
  if (failed.length || unqueued.length) deps.logger.info({ failed: failed.length, requeued: unqueued.length }, 'job maintenance');
  return { failed: failed.length, requeued: unqueued.length };
}
