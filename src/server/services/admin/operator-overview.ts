import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images, profiles, securityEvents, user } from '@server/db/schema.js';
import { PAGE_SIZE, type Page } from '@shared/pagination.js';
import type { OperatorOverview, SecurityEventView } from '@shared/api/admin.js';

const THROUGHPUT_SAMPLE = 20;

/** What a self-hoster checks first: the queue, what failed and why, engine speed, storage and users (read-only). */
export async function operatorOverview(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<OperatorOverview> {
  const since = new Date(deps.clock().getTime() - 86_400_000);
  const active = eq(imageJobs.status, 'processing');
  const [[waiting], [running], [completed], [failed], failures, recent, [stored], plans, [users]] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(imageJobs)
      .where(and(active, isNull(imageJobs.startedAt))),
    deps.db
      .select({ n: count() })
      .from(imageJobs)
      .where(and(active, isNotNull(imageJobs.startedAt))),
    deps.db
      .select({ n: count() })
      .from(imageJobs)
      .where(and(eq(imageJobs.status, 'completed'), gte(imageJobs.finishedAt, since))),
    deps.db
      .select({ n: count() })
      .from(imageJobs)
      .where(and(eq(imageJobs.status, 'failed'), gte(imageJobs.updatedAt, since))),
    deps.db
      .select({
        id: imageJobs.id,
        userEmail: user.email,
        workflow: imageJobs.workflowType,
        scale: imageJobs.scale,
        mode: imageJobs.mode,
        error: imageJobs.errorMessage,
        at: imageJobs.updatedAt,
      })
      .from(imageJobs)
      .innerJoin(user, eq(user.id, imageJobs.userId))
      .where(and(eq(imageJobs.status, 'failed'), gte(imageJobs.updatedAt, since)))
      .orderBy(desc(imageJobs.updatedAt))
      .limit(20),
    deps.db
      .select({ width: images.width, height: images.height, startedAt: imageJobs.startedAt, finishedAt: imageJobs.finishedAt })
      .from(imageJobs)
      .innerJoin(images, eq(images.id, imageJobs.resultImageId))
      .where(and(eq(imageJobs.status, 'completed'), eq(imageJobs.workflowType, 'enhance'), isNotNull(imageJobs.startedAt), isNotNull(imageJobs.finishedAt)))
      .orderBy(desc(imageJobs.finishedAt))
      .limit(THROUGHPUT_SAMPLE),
    deps.db.select({ files: count(), bytes: sum(images.bytes) }).from(images),
    deps.db
      .select({ plan: profiles.subscriptionStatus, beta: sql<number>`count(*) filter (where ${profiles.betaAccess})`, users: count() })
      .from(profiles)
      .groupBy(profiles.subscriptionStatus)
      .orderBy(profiles.subscriptionStatus),
    deps.db.select({ n: count() }).from(user),
  ]);
  const megapixels = recent.reduce((s, r) => s + (r.width * r.height) / 1e6, 0);
  const seconds = recent.reduce((s, r) => s + Math.max(0, (r.finishedAt!.getTime() - r.startedAt!.getTime()) / 1000), 0);
  return {
    jobs: {
      waiting: Number(waiting.n),
      running: Number(running.n),
      completed24h: Number(completed.n),
      failed24h: Number(failed.n),
      workers: deps.config.WORKERS,
    },
    failures: failures.map((f) => ({ ...f, at: f.at.toISOString() })),
    throughput: {
      jobs: recent.length,
      megapixels: round(megapixels),
      seconds: round(seconds),
      mpPerSecond: seconds > 0 ? round(megapixels / seconds, 3) : null,
    },
    storage: { files: Number(stored.files), bytes: Number(stored.bytes ?? 0) },
    usersByPlan: plans.map((p) => ({ plan: p.plan, beta: Number(p.beta), users: Number(p.users) })),
    users: Number(users.n),
  };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Sign-in failures, rate-limit hits and the other recorded security events, newest first. */
export async function listSecurityEvents(deps: Pick<Deps, 'db'>, page: number, onlyFailures: boolean): Promise<Page<SecurityEventView>> {
  const where = onlyFailures ? inArray(securityEvents.status, ['failure']) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    deps.db.select({ total: count() }).from(securityEvents).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      action: r.action,
      status: r.status,
      ipAddress: r.ipAddress,
      source: r.source,
      at: r.createdAt.toISOString(),
    })),
    page,
    pageSize: PAGE_SIZE,
    total: Number(total),
  };
}
