import { and, count, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { emailOutbox, imageJobs } from '@server/db/schema.js';
import type { MetricsSnapshot } from '@server/ports/metrics.js';

/**
 * What a metrics scrape reads from the database and the process: jobs waiting and running by mode, the queue's depth
 * and oldest wait, the e-mail outbox by status (the delivered count stays out: it only grows), streams held open,
 * the engine process's memory. A job accepted but not yet taken by a worker is waiting (as in queue-position.ts).
 */
export async function readMetricsSnapshot(deps: Pick<Deps, 'db' | 'clock' | 'engineMemory'>, process: { sseClients: () => number }): Promise<MetricsSnapshot> {
  const state = sql<'waiting' | 'running'>`case when ${imageJobs.startedAt} is null then 'waiting' else 'running' end`;
  const mode = sql<string>`coalesce(${imageJobs.mode}, ${imageJobs.workflowType}::text)`;
  const live = await deps.db.select({ state, mode, count: count() }).from(imageJobs).where(eq(imageJobs.status, 'processing')).groupBy(state, mode);
  const [oldest] = await deps.db
    .select({ at: min(imageJobs.createdAt) })
    .from(imageJobs)
    .where(and(eq(imageJobs.status, 'processing'), isNull(imageJobs.startedAt)));
  const outbox = await deps.db
    .select({ status: emailOutbox.status, count: count() })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['recorded', 'failed']))
    .groupBy(emailOutbox.status);
  const liveJobs = live.map((r) => ({ state: r.state, mode: r.mode, count: Number(r.count) }));
  const at = oldest?.at ? new Date(oldest.at) : null;
  const engine = deps.engineMemory ? await deps.engineMemory().catch(() => null) : null;
  return {
    liveJobs,
    queue: {
      waiting: liveJobs.filter((j) => j.state === 'waiting').reduce((a, j) => a + j.count, 0),
      oldestWaitSeconds: at ? Math.max(0, (deps.clock().getTime() - at.getTime()) / 1000) : 0,
    },
    outbox: outbox.map((r) => ({ status: r.status, count: Number(r.count) })),
    sseClients: process.sseClients(),
    engineRssBytes: engine?.rss ?? null,
  };
}
