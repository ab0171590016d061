import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '@server/db/database.js';
import type { Logger } from '@server/logger.js';
import { JobHandedBack, JobRejected, type EnqueueOptions, type JobQueue, type QueueName, type QueuedJob } from '@server/ports/job-queue.js';

const QUEUES: QueueName[] = ['image-enhance', 'image-remove', 'maintenance', 'billing', 'trash', 'notifications', 'account-mail', 'webhooks'];

export interface PgBossQueueOptions {
  database: Database;
  logger: Logger;
  /** How often an idle worker looks for work; a NOTIFY sent with each new job wakes it sooner. */
  pollingIntervalSeconds?: number;
  /** A worker that stops sending heartbeats (killed, frozen) loses its job after this long; the job is retried. */
  heartbeatSeconds?: number;
  /** Attempts after the first one when a worker dies mid-job. */
  retryLimit?: number;
  /** Run the cron scheduler in this process. */
  schedule?: boolean;
  /** How often expired heartbeats and timeouts are checked. */
  superviseIntervalSeconds?: number;
}

/**
 * pg-boss on the same database as everything else: the embedded PGlite through its own backend profile,
 * or PostgreSQL through a pool of its own.
 */
export function createPgBossQueue(opts: PgBossQueueOptions): JobQueue {
  const { database, logger } = opts;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: 'pglite',
          schema: 'pgboss',
          useListenNotify: true,
          schedule: opts.schedule ?? true,
          superviseIntervalSeconds: opts.superviseIntervalSeconds,
        } as never)
      : new PgBoss({
          connectionString: database.connectionString,
          schema: 'pgboss',
          useListenNotify: true,
          max: 4,
          schedule: opts.schedule ?? true,
          superviseIntervalSeconds: opts.superviseIntervalSeconds,
        } as never);
  boss.on('error', (err) => logger.error({ err }, 'queue error'));
  boss.on('warning', (warning: { message: string }) => logger.warn({ warning }, warning.message));
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 0.5;
  // Every send NOTIFYs (the queues are created with `notify`), so an idle worker takes a new job within milliseconds
  // instead of waiting out its poll (0.5 s at least in pg-boss). The poll stays as fast as without the wake-up:
  // jobs that become runnable without a send (a retry after its delay, a job handed back or expired) send no NOTIFY.
  const workPolling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
  // pg-boss counts every failed attempt; a job handed back gets one more attempt so the hand-back costs none
  const keepAttempt = async (queue: QueueName, id: string) => {
    await boss.getDb().executeSql(`UPDATE pgboss.job SET retry_limit = retry_limit + 1 WHERE name = $1 AND id = $2 AND state = 'active'`, [queue, id]);
  };
  // a refused job has no attempts left, so the failure is final
  const spendAttempts = async (queue: QueueName, id: string) => {
    await boss.getDb().executeSql(`UPDATE pgboss.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`, [queue, id]);
  };
  let started: Promise<void> | undefined;

  return {
    start: () =>
      (started ??= (async () => {
        await boss.start();
        const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
        for (const name of QUEUES) {
          const queue = existing.get(name);
          if (queue) {
            // queues created before the wake-up existed learn it here, once
            if (!(queue as { notify?: boolean }).notify) await boss.updateQueue(name, { notify: true } as never);
            continue;
          }
          try {
            await boss.createQueue(name, {
              notify: true,
              retryLimit: opts.retryLimit ?? 1,
              retryDelay: 1,
              // an hour is the seed's limit for a job that is still processing; the sweep fails it after that
              expireInSeconds: 3600,
              heartbeatSeconds: opts.heartbeatSeconds ?? 30,
            } as never);
          } catch (err) {
            // another instance created it first
            if (!(await boss.getQueue(name))) throw err;
          }
        }
      })()),
    async enqueue(queue, data, enqueueOpts: EnqueueOptions = {}) {
      const id = await boss.send(queue, data, {
        priority: enqueueOpts.priority ?? 0,
        ...(enqueueOpts.delaySeconds ? { startAfter: enqueueOpts.delaySeconds } : {}),
      });
      if (!id) throw new Error(`the queue refused a ${queue} job`);
      return id;
    },
    async work<T>(queue: QueueName, workOpts: { concurrency: number }, handler: (job: QueuedJob<T>) => Promise<void>) {
      await boss.work<T>(
        queue,
        { ...workPolling, localConcurrency: workOpts.concurrency, batchSize: 1, priority: true } as never,
        async (jobs: { id: string; data: T; retryCount: number; signal: AbortSignal }[]) => {
          for (const job of jobs) {
            try {
              await handler({ id: job.id, data: job.data, retryCount: job.retryCount, signal: job.signal });
            } catch (err) {
              if (err instanceof JobHandedBack)
                await keepAttempt(queue, job.id).catch((e: unknown) =>
                  logger.warn({ err: e, jobId: job.id }, 'could not keep the attempt of a job handed back'),
                );
              if (err instanceof JobRejected)
                await spendAttempts(queue, job.id).catch((e: unknown) => logger.warn({ err: e, jobId: job.id }, 'could not end the retries of a refused job'));
              throw err;
            }
          }
        },
      );
    },
    async take<T>(queues: QueueName[], takeOpts: { includeDelayed?: boolean } = {}) {
      for (const queue of queues) {
        const [job] = await boss.fetch<T>(queue, { batchSize: 1, ignoreStartAfter: takeOpts.includeDelayed ?? false } as never);
        if (job) return { queue, id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0, data: job.data };
      }
      return null;
    },
    async touch(job) {
      const res = (await boss.touch(job.queue, { id: job.id, retryCount: job.retryCount } as never)) as { affected?: number };
      return (res?.affected ?? 0) > 0;
    },
    async settle(job, outcome) {
      const fenced = { id: job.id, retryCount: job.retryCount } as never;
      if (outcome === 'completed') return (((await boss.complete(job.queue, fenced)) as { affected?: number })?.affected ?? 0) > 0;
      if (outcome === 'handed_back') await keepAttempt(job.queue, job.id);
      else await spendAttempts(job.queue, job.id);
      return (((await boss.fail(job.queue, fenced)) as { affected?: number })?.affected ?? 0) > 0;
    },
    async cancel(queue, id) {
      await boss.cancel(queue, id);
    },
    async state(queue, id) {
      const job = await boss.getJobById(queue, id);
      return job?.state ?? null;
    },
    async schedule(queue, cron, data, key) {
      await boss.schedule(queue, cron, data, { key } as never);
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 } as never);
    },
  };
}
