import type { Deps } from '@server/deps.js';
import { type JobDto, type JobRow, toJobDto } from './job-dto.js';
import { queueJobWebhooks } from '../webhooks/deliveries.js';
import { presentJob } from './present-job.js';

/**
 * Job changes go to their owner only (seed 001 §7.3: image_jobs INSERT and UPDATE filtered by user_id), with a
 * result in the private bucket already signed, as the API answers it.
 */
export async function publishJob(deps: Pick<Deps, 'events' | 'logger' | 'storage' | 'db' | 'queue' | 'clock' | 'config'>, job: JobRow) {
  let data: JobDto;
  try {
    data = await presentJob(deps, toJobDto(job));
  } catch (err) {
    deps.logger.warn({ err, jobId: job.id }, 'could not present job update');
    return;
  }
  try {
    await deps.events.publish({ type: 'job', to: job.userId, data });
  } catch (err) {
    // a lost live update is covered by the client's fallback poll; the job itself is already saved
    deps.logger.warn({ err, jobId: job.id }, 'could not publish job update');
  }
  try {
    // the owner's webhook endpoints get the same change as an event (job.started, job.progress, …)
    await queueJobWebhooks(deps, job, data);
  } catch (err) {
    // a webhook that cannot be queued never stops the job
    deps.logger.warn({ err, jobId: job.id }, 'could not queue job webhooks');
  }
}

/** seed 001 §7.3: profiles UPDATE filtered by user_id; the navigation's credit count follows it. */
export async function publishCredits(deps: Pick<Deps, 'events' | 'logger'>, userId: string, creditsRemaining: number) {
  try {
    await deps.events.publish({ type: 'profile', to: userId, data: { credits_remaining: creditsRemaining } });
  } catch (err) {
    deps.logger.warn({ err, userId }, 'could not publish credit update');
  }
}
