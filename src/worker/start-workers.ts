import type { Deps } from '@server/deps.js';
import type { Engine } from '@engine/index.js';
import { processImageJob, type JobRunSummary } from '@server/services/jobs/process-image-job.js';
import { startWorkerPresence } from '@server/services/workers/worker-presence.js';
import { APP_VERSION } from '@server/app-version.js';
import { workOn } from '@server/queues/define-queue.js';
import { imageEnhanceQueue } from '@server/queues/image-enhance.js';
import { imageRemoveQueue } from '@server/queues/image-remove.js';
import type { QueuedJob } from '@server/ports/job-queue.js';

export interface Workers {
  /** Aborts running jobs (they go back to the queue and run again elsewhere) and stops taking new ones. */
  stop(): Promise<void>;
}

export type WorkerDeps = Pick<
  Deps,
  'db' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'queue' | 'mailer' | 'imaging' | 'metrics' | 'engineProvider'
>;

/**
 * Takes image jobs from the queue in this process and hands each to the job service with this process's engine.
 * Inference uses every core, so the default is one enhancement at a time (WORKERS); removals have their own single
 * slot so a quick fix is not stuck behind a long upscale.
 */
export async function startWorkers(deps: WorkerDeps, engine: Engine, opts: { concurrency: number }): Promise<Workers> {
  const shutdown = new AbortController();
  const running = new Map<Promise<unknown>, string>();
  const jobDeps = { ...deps, engine };
  // this process in the admin panel's worker list, with the jobs it runs and its throughput
  const presence = startWorkerPresence(
    deps,
    { role: deps.config.PROCESS_ROLE, concurrency: opts.concurrency, provider: deps.engineProvider.provider, version: APP_VERSION },
    () => [...running.values()],
  );
  const handle = async (job: QueuedJob<{ jobId: string }>) => {
    const run = processImageJob(jobDeps, job.data.jobId, AbortSignal.any([job.signal, shutdown.signal]));
    running.set(run, job.data.jobId);
    void presence.jobStarted();
    let summary: JobRunSummary | null = null;
    try {
      summary = await run;
    } finally {
      running.delete(run);
      void presence.jobEnded(summary ?? undefined);
    }
  };
  await workOn(deps, imageEnhanceQueue, { concurrency: opts.concurrency }, handle);
  await workOn(deps, imageRemoveQueue, { concurrency: 1 }, handle);
  deps.logger.info({ concurrency: opts.concurrency }, 'workers started');
  return {
    async stop() {
      shutdown.abort(new Error('worker shutting down'));
      await Promise.allSettled([...running.keys()]);
      await presence.stop();
    },
  };
}
