import type { Deps, EngineMemoryFigures } from '@server/deps.js';
import type { Workers } from '@worker/start-workers.js';
import { runJobMaintenance } from '@server/services/jobs/maintenance.js';
import { runBillingMaintenance } from '@server/services/billing/billing-maintenance.js';
import { sendCampaign } from '@server/services/notifications/send-campaign.js';
import { workOn } from '@server/queues/define-queue.js';
import { maintenanceQueue } from '@server/queues/maintenance.js';
import { billingQueue } from '@server/queues/billing.js';
import { trashQueue } from '@server/queues/trash.js';
import { purgeExpiredTrash } from '@server/services/images/purge-images.js';
import { notificationsQueue } from '@server/queues/notifications.js';
import { accountMailQueue } from '@server/queues/account-mail.js';
import { requestPasswordReset } from '@server/services/accounts/request-password-reset.js';
import { webhooksQueue } from '@server/queues/webhooks.js';
import { attemptDelivery } from '@server/services/webhooks/deliveries.js';

export interface JobProcessing {
  /** Stops taking image jobs and hands the running ones back to the queue. */
  stop(): Promise<void>;
  /** Lets the engine finish the step it is on (it stops at its next tile) and closes it. */
  closeEngine(): Promise<void>;
  /** The engine process's memory figures; null in a process that runs no engine. */
  engineMemory(): Promise<EngineMemoryFigures | null>;
}

/**
 * Background work of a process, by PROCESS_ROLE: every role runs the maintenance schedule (its runs are safe
 * in parallel); `all` and `worker` also take image jobs when WORKERS > 0. The engine (onnxruntime, models) is
 * loaded only in processes that run jobs, on a thread of its own.
 */
export async function startJobProcessing(deps: Deps): Promise<JobProcessing> {
  const { config, queue, logger } = deps;
  await workOn(deps, maintenanceQueue, { concurrency: 1 }, async () => {
    await runJobMaintenance(deps);
  });
  await queue.schedule(maintenanceQueue.name, '* * * * *', {}, 'job-maintenance');
  // monthly credit resets, plan expiries and test-mode renewals (seed 001 §9); each run is idempotent
  await workOn(deps, billingQueue, { concurrency: 1 }, async () => {
    await runBillingMaintenance(deps);
  });
  await queue.schedule(billingQueue.name, '*/5 * * * *', {}, 'billing-maintenance');
  // uploads in the trash for TRASH_RETENTION_DAYS go for good with their files, a few minutes past each hour
  await workOn(deps, trashQueue, { concurrency: 1 }, async () => {
    await purgeExpiredTrash(deps);
  });
  await queue.schedule(trashQueue.name, '7 * * * *', {}, 'trash-purge');
  // notification e-mails of the admin panel, sent in batches; a run resumed after a crash continues where it stopped
  await workOn(deps, notificationsQueue, { concurrency: 1 }, async (job) => {
    await sendCampaign(deps, job.data.campaignId, job.signal);
  });

  // account e-mails asked for by public forms, sent after their answer (a failed send is retried by the queue)
  await workOn(deps, accountMailQueue, { concurrency: 2 }, async (job) => {
    await requestPasswordReset(deps, job.data.email, { baseUrl: job.data.baseUrl });
  });

  // webhook deliveries: one attempt per queue job; a failed attempt queues the next one on the retry schedule
  await workOn(deps, webhooksQueue, { concurrency: 4 }, async (job) => {
    await attemptDelivery(deps, job.data.deliveryId);
  });

  let workers: Workers | undefined;
  let closeEngine: (() => Promise<void>) | undefined;
  let engineMemory: (() => Promise<EngineMemoryFigures | null>) | undefined;
  if (config.PROCESS_ROLE !== 'api' && config.WORKERS > 0) {
    const [{ createThreadedEngine }, { startWorkers }] = await Promise.all([import('@worker/threaded-engine.js'), import('@worker/start-workers.js')]);
    // inference runs in a process of its own so this one keeps answering HTTP and sending queue heartbeats, and a
    // cancelled run can be stopped at once
    const engine = createThreadedEngine({
      modelsDir: config.paths.models,
      extraModelsDir: config.MODELS_DIR,
      threads: config.ENGINE_THREADS,
      executionProvider: deps.engineProvider.provider,
    });
    closeEngine = () => engine.close();
    engineMemory = () => engine.memory();
    workers = await startWorkers(deps, engine, { concurrency: config.WORKERS });
    if (config.NODE_ENV !== 'test') {
      // convert the npm-shipped weights now rather than on the first job
      engine.ensureModels().then(
        () => logger.info('models ready'),
        (err) => logger.error({ err }, 'model preparation failed'),
      );
    }
  }
  return {
    async stop() {
      await workers?.stop();
    },
    async closeEngine() {
      await closeEngine?.();
    },
    engineMemory: async () => (engineMemory ? engineMemory() : null),
  };
}
