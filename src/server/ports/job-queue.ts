/**
 * The job queue port. One implementation (pg-boss) serves both run modes: on PGlite in the single-machine mode,
 * on PostgreSQL when workers run on other machines. Services and workers import this interface only.
 */
export type QueueName = 'image-enhance' | 'image-remove' | 'maintenance' | 'billing' | 'trash' | 'notifications' | 'account-mail' | 'webhooks';

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** How many earlier attempts of this job were made (a worker died or the job expired). */
  retryCount: number;
  /** Aborted when the queue gives up on this attempt (expiry, shutdown). */
  signal: AbortSignal;
}

/**
 * Thrown by a handler that gives its job back unfinished because its process is stopping: the queue runs the job
 * again, and the attempt does not count against the job's retries (those are for workers that die or fail).
 */
export class JobHandedBack extends Error {
  constructor(reason?: unknown) {
    super('job handed back to the queue', { cause: reason });
    this.name = 'JobHandedBack';
  }
}

/**
 * Thrown by a handler that refuses its job for good (its payload is malformed): the queue fails the job without
 * retrying it, since another attempt would read the same payload.
 */
export class JobRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'JobRejected';
  }
}

export interface EnqueueOptions {
  /** Higher runs first (plans with priority processing). */
  priority?: number;
  /** Workers take the job only after this long, except those that take delayed jobs at once (`take` with `includeDelayed`). */
  delaySeconds?: number;
}

/** One attempt of a job taken with `take`: its queue, id and attempt number fence every later call to this attempt. */
export interface TakenJob<T = unknown> {
  queue: QueueName;
  id: string;
  retryCount: number;
  data: T;
}

export type TakenJobRef = Pick<TakenJob, 'queue' | 'id' | 'retryCount'>;

/** How a taken attempt ends: done, failed for good, or given back to run again (the attempt not counted). */
export type TakenJobOutcome = 'completed' | 'failed' | 'handed_back';

export interface JobQueue {
  start(): Promise<void>;
  enqueue<T extends object>(queue: QueueName, data: T, opts?: EnqueueOptions): Promise<string>;
  /** Runs `handler` for jobs of the queue, `concurrency` at a time in this process. A throw fails the attempt. */
  work<T>(queue: QueueName, opts: { concurrency: number }, handler: (job: QueuedJob<T>) => Promise<void>): Promise<void>;
  /**
   * Takes the next waiting job of the first of `queues` that has one, for a worker that runs it elsewhere (a remote
   * worker over HTTPS): the caller keeps the attempt alive with `touch` within the queue's heartbeat, or the queue runs
   * it again, and ends it with `settle`.
   */
  take<T>(queues: QueueName[], opts?: { includeDelayed?: boolean }): Promise<TakenJob<T> | null>;
  /** Keeps a taken attempt alive; false when it no longer runs (expired, cancelled, settled). */
  touch(job: TakenJobRef): Promise<boolean>;
  /** Ends a taken attempt; false when it was no longer running (another call or the queue ended it first). */
  settle(job: TakenJobRef, outcome: TakenJobOutcome): Promise<boolean>;
  /** Cancels a job that has not finished; a job already taken by a worker is stopped by its own checks. */
  cancel(queue: QueueName, id: string): Promise<void>;
  /** The queue's view of a job: 'created' (waiting), 'active', 'retry', 'completed', 'failed', 'cancelled', or null. */
  state(queue: QueueName, id: string): Promise<string | null>;
  /** A cron schedule that enqueues `data` on `queue` (one schedule per key across all instances). */
  schedule(queue: QueueName, cron: string, data: object, key: string): Promise<void>;
  /** Stops taking jobs and waits for running handlers to finish. */
  stop(): Promise<void>;
}
