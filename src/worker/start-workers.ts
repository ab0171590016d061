import type { Deps } from '../server/deps.js';
import type { Engine } from '../engine/index.js';
import type { JobMessage } from '../server/services/jobs/enqueue-job.js';
import { runImageJob } from './run-image-job.js';

export interface Workers {
  /** Aborts running jobs (they go back to the queue and run again elsewhere) and stops taking new ones. */
  stop(): Promise<void>;
}

/**
 * Takes image jobs from the queue in this process. Inference uses every core, so the default is one enhancement at
 * a time (WORKERS); removals have their own single slot so a quick fix is not stuck behind a long upscale.
 */
export async function startWorkers(deps: Pick<Deps, 'db' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'queue' | 'mailer'>, engine: Engine, opts: { concurrency: number }): Promise<Workers> {
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  const handle = (job: { data: JobMessage; signal: AbortSignal }) => {
    const run = runImageJob(deps, engine, job.data.jobId, AbortSignal.any([job.signal, shutdown.signal]));
    running.add(run);
    return run.finally(() => running.delete(run));
  };
  await deps.queue.work<JobMessage>('image-enhance', { concurrency: opts.concurrency }, handle);
  await deps.queue.work<JobMessage>('image-remove', { concurrency: 1 }, handle);
  deps.logger.info({ concurrency: opts.concurrency }, 'workers started');
  return {
    async stop() {
      shutdown.abort(new Error('worker shutting down'));
      await Promise.allSettled([...running]);
    },
  };
}
