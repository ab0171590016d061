import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { JobRejected, type EnqueueOptions, type QueueName, type QueuedJob } from '../ports/job-queue.js';

/** A queue and the payload its jobs carry: what is sent is checked on the way in, what is taken on the way out. */
export interface QueueDefinition<P extends z.ZodType> {
  name: QueueName;
  payload: P;
}

export function defineQueue<P extends z.ZodType>(name: QueueName, payload: P): QueueDefinition<P> {
  return { name, payload };
}

/** Sends a job whose payload matches its queue's schema; a payload that does not is a programming error and throws. */
export function sendJob<P extends z.ZodType>(deps: Pick<Deps, 'queue'>, queue: QueueDefinition<P>, data: z.input<P>, opts?: EnqueueOptions): Promise<string> {
  return deps.queue.enqueue(queue.name, queue.payload.parse(data) as object, opts);
}

/**
 * Runs `handler` for each job taken from the queue, with its payload checked against the queue's schema first. A
 * malformed payload (written by hand, by an older release, or damaged) fails the job at once, with the reason logged,
 * before anything reads or changes data: the queue does not retry it.
 */
export function workOn<P extends z.ZodType>(
  deps: Pick<Deps, 'queue' | 'logger'>,
  queue: QueueDefinition<P>,
  opts: { concurrency: number },
  handler: (job: QueuedJob<z.output<P>>) => Promise<void>,
): Promise<void> {
  return deps.queue.work<unknown>(queue.name, opts, async (job) => {
    const parsed = queue.payload.safeParse(job.data);
    if (!parsed.success) {
      const reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
      deps.logger.error({ queue: queue.name, queueJobId: job.id, reason }, 'job refused: malformed payload');
      throw new JobRejected(`malformed ${queue.name} payload (${reason})`);
    }
    await handler({ ...job, data: parsed.data });
  });
}
