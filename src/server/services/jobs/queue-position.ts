import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs } from '@server/db/schema.js';
import type { JobQueueDto } from '@shared/jobs.js';

/** How many recent completions the expected start is averaged over. */
const DURATION_SAMPLE = 20;

/** A job at `position` starts once the jobs ahead have gone through the `workers` slots, one average job each. */
export function expectedStartMs(position: number, workers: number, averageJobMs: number | null): number | null {
  if (averageJobMs === null || workers <= 0 || position < 1) return null;
  return Math.round(Math.floor((position - 1) / workers) * averageJobMs);
}

/**
 * Where the user's waiting jobs stand in this server's queue: a job accepted but not yet taken by a worker is
 * waiting; its position counts every waiting job (any user's) accepted before it. The expected start assumes the
 * `WORKERS` slots free up at the pace of the last completions; null until there is a completion to go by.
 */
export async function queueOverview(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<JobQueueDto> {
  const waiting = await deps.db
    .select({ id: imageJobs.id, userId: imageJobs.userId })
    .from(imageJobs)
    .where(and(eq(imageJobs.status, 'processing'), isNull(imageJobs.startedAt)))
    .orderBy(asc(imageJobs.createdAt), asc(imageJobs.id));
  const recent = await deps.db
    .select({ startedAt: imageJobs.startedAt, finishedAt: imageJobs.finishedAt })
    .from(imageJobs)
    .where(and(eq(imageJobs.status, 'completed'), isNotNull(imageJobs.startedAt), isNotNull(imageJobs.finishedAt)))
    .orderBy(desc(imageJobs.finishedAt))
    .limit(DURATION_SAMPLE);
  const durations = recent.map((r) => r.finishedAt!.getTime() - r.startedAt!.getTime()).filter((ms) => ms >= 0);
  const average = durations.length > 0 ? durations.reduce((a, b) => a + b, 0) / durations.length : null;
  const workers = deps.config.WORKERS;
  return {
    workers,
    waiting: waiting.flatMap((job, i) =>
      job.userId !== userId ? [] : [{ id: job.id, position: i + 1, expected_start_ms: expectedStartMs(i + 1, workers, average) }],
    ),
  };
}
