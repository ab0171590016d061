import type { Deps } from '@server/deps.js';
import type { QueueName } from '@server/ports/job-queue.js';
import { imageEnhanceQueue } from '@server/queues/image-enhance.js';
import { imageRemoveQueue } from '@server/queues/image-remove.js';
import { sendJob } from '@server/queues/define-queue.js';
import type { JobRow } from './job-dto.js';
import { failJob, setQueueJobId } from './job-lifecycle.js';
import { gpuWorkerConnected } from '../workers/worker-tokens.js';
import { prefersGpu } from '@shared/api/workers.js';

const imageQueueFor = (job: Pick<JobRow, 'workflowType'>) => (job.workflowType === 'remove' ? imageRemoveQueue : imageEnhanceQueue);
export const queueFor = (job: Pick<JobRow, 'workflowType'>): QueueName => imageQueueFor(job).name;

/**
 * Hands a committed job to the queue. The job row is the source of truth: if the queue cannot take it now, the
 * dispatcher sweep retries later; only a job that cannot be queued at all is failed (credits released).
 */
export async function enqueueJob(
  deps: Pick<Deps, 'db' | 'queue' | 'events' | 'logger' | 'clock' | 'storage' | 'config'>,
  job: JobRow,
  priority: number,
): Promise<string | null> {
  try {
    // a job that runs best on a GPU waits for a GPU worker first while one is connected; then any worker takes it
    const waitForGpu = prefersGpu({ workflow: job.workflowType, scale: job.scale, mode: job.mode }) && (await gpuWorkerConnected(deps));
    const delaySeconds = waitForGpu ? deps.config.GPU_PREFERENCE_WAIT_SECONDS : 0;
    const queueJobId = await sendJob(deps, imageQueueFor(job), { jobId: job.id }, { priority, delaySeconds });
    await setQueueJobId(deps, job.id, queueJobId);
    return queueJobId;
  } catch (err) {
    deps.logger.error({ err, jobId: job.id }, 'could not queue job');
    await failJob(deps, job.id, 'The job could not be queued. Your credits were returned; please try again.');
    return null;
  }
}
