import { and, eq } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import { imageJobs } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { type JobDto, toJobDto } from './job-dto.js';
import { endJobInTx } from './job-lifecycle.js';
import { publishCredits, publishJob } from './job-events.js';
import { queueFor } from './enqueue-job.js';

export interface CancelResult {
  success: true;
  cancelled_early: boolean;
  message: string;
  job: JobDto;
  credits_remaining: number;
}

const CANCELLED_BY_USER = 'Cancelled by user';

/**
 * seed 000 §4: completed, failed or cancelled jobs cannot be cancelled; a processing job can, and so can any job
 * no worker has taken yet (early cancel); other states give 'Job in {status} state cannot be cancelled'.
 * The reservation is released in the same transaction; a worker running the job hears of it on the event bus and
 * stops its engine run at once.
 */
export async function cancelJob(
  deps: Pick<Deps, 'db' | 'queue' | 'events' | 'logger' | 'clock' | 'storage' | 'config'>,
  user: SessionUser,
  jobId: string,
): Promise<CancelResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(imageJobs)
      .where(and(eq(imageJobs.id, jobId), eq(imageJobs.userId, user.id)))
      .for('update');
    if (!job) throw new AppError('JOB_NOT_FOUND', 404, msg('cancelNoActiveJob'));
    if (job.status === 'completed') throw new AppError('JOB_FINISHED', 409, msg('cancelAlreadyCompleted'));
    if (job.status === 'failed') throw new AppError('JOB_FINISHED', 409, msg('cancelAlreadyFailed'));
    if (job.status === 'cancelled') throw new AppError('JOB_FINISHED', 409, msg('cancelAlreadyCancelled'));
    const notTakenYet = job.queueJobId === null || job.startedAt === null;
    if (job.status !== 'processing' && job.queueJobId !== null) {
      throw new AppError('JOB_NOT_CANCELLABLE', 409, msg('cancelWrongState', { status: job.status }));
    }
    const ended = await endJobInTx(tx, job.id, 'cancelled', CANCELLED_BY_USER, deps.clock());
    if (!ended) throw new AppError('JOB_NOT_CANCELLABLE', 409, msg('cancelWrongState', { status: job.status }));
    return { ...ended, notTakenYet, queueJobId: job.queueJobId };
  });
  if (outcome.queueJobId) {
    // take it off the queue too when no worker holds it; a running worker stops by itself
    await deps.queue.cancel(queueFor(outcome.job), outcome.queueJobId).catch((err) => deps.logger.warn({ err, jobId }, 'queue cancel failed'));
  }
  await publishJob(deps, outcome.job);
  await publishCredits(deps, user.id, outcome.balance);
  return {
    success: true,
    cancelled_early: outcome.notTakenYet,
    message: outcome.notTakenYet ? msg('cancelEarly') : msg('cancelStopped'),
    job: toJobDto(outcome.job),
    credits_remaining: outcome.balance,
  };
}
