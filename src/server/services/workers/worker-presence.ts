import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, workerProcesses } from '@server/db/schema.js';
import { WORKER_PROCESS_REPORT_SECONDS, type RunningJobDto, type WorkerProcessDto } from '@shared/api/workers.js';

type PresenceDeps = Pick<Deps, 'db' | 'clock' | 'logger'>;

/** What a server process that runs jobs says of itself. */
export interface WorkerProcessInfo {
  role: string;
  concurrency: number;
  provider: string;
  version: string;
}

/**
 * A server process's entry in the admin panel's worker list: registered when its workers start, refreshed with the
 * jobs it runs every WORKER_PROCESS_REPORT_SECONDS and as each job ends, removed when it stops. Losing a report
 * (the database busy) only makes the list a little stale: nothing depends on it but the panel.
 */
export function startWorkerPresence(deps: PresenceDeps, info: WorkerProcessInfo, running: () => string[]) {
  const id = randomUUID();
  const report = (extra: { megapixels?: number; seconds?: number } = {}) =>
    deps.db
      .insert(workerProcesses)
      .values({ id, host: os.hostname(), pid: process.pid, ...info, running: running(), lastSeenAt: deps.clock() })
      .onConflictDoUpdate({
        target: workerProcesses.id,
        set: {
          running: running(),
          lastSeenAt: deps.clock(),
          ...(extra.seconds !== undefined && {
            jobsDone: sql`${workerProcesses.jobsDone} + 1`,
            megapixelsDone: sql`${workerProcesses.megapixelsDone} + ${extra.megapixels ?? 0}`,
            busySeconds: sql`${workerProcesses.busySeconds} + ${extra.seconds}`,
          }),
        },
      })
      .then(
        () => undefined,
        (err: unknown) => deps.logger.warn({ err }, 'worker presence not recorded'),
      );
  void report();
  const timer = setInterval(() => void report(), WORKER_PROCESS_REPORT_SECONDS * 1000);
  timer.unref();
  return {
    /** A job ended: the list of running jobs changes, and a completed one counts with its input and engine time. */
    jobEnded: (completed?: { megapixels: number; seconds: number }) => report(completed ?? {}),
    jobStarted: () => report(),
    async stop() {
      clearInterval(timer);
      await deps.db
        .delete(workerProcesses)
        .where(eq(workerProcesses.id, id))
        .catch(() => {});
    },
  };
}

const rate = (mp: number, seconds: number) => (seconds > 0 ? Math.round((mp / seconds) * 1000) / 1000 : null);

/** The jobs among `ids`, as the admin panel shows them. */
export async function runningJobs(deps: Pick<Deps, 'db'>, ids: string[]): Promise<Map<string, RunningJobDto>> {
  if (!ids.length) return new Map();
  const rows = await deps.db
    .select({ id: imageJobs.id, workflow: imageJobs.workflowType, mode: imageJobs.mode, scale: imageJobs.scale, progress: imageJobs.progress })
    .from(imageJobs)
    .where(inArray(imageJobs.id, ids));
  return new Map(rows.map((r) => [r.id, { jobId: r.id, workflow: r.workflow, mode: r.mode, scale: r.scale, progress: r.progress }]));
}

/** The server processes that run jobs and reported lately, newest first. */
export async function listWorkerProcesses(deps: Pick<Deps, 'db' | 'clock'>): Promise<WorkerProcessDto[]> {
  const since = new Date(deps.clock().getTime() - 3 * WORKER_PROCESS_REPORT_SECONDS * 1000);
  const rows = await deps.db.select().from(workerProcesses).where(gt(workerProcesses.lastSeenAt, since)).orderBy(desc(workerProcesses.startedAt));
  const jobs = await runningJobs(
    deps,
    rows.flatMap((r) => r.running),
  );
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    pid: r.pid,
    role: r.role,
    concurrency: r.concurrency,
    provider: r.provider,
    version: r.version,
    startedAt: r.startedAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    jobsDone: r.jobsDone,
    megapixelsPerSecond: rate(r.megapixelsDone, r.busySeconds),
    running: r.running.flatMap((id) => jobs.get(id) ?? []),
  }));
}
