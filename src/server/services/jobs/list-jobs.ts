import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images } from '@server/db/schema.js';
import { JOB_RESTORE_WINDOW_MS } from '@shared/enhancement.js';
import { toJobDto, type JobDto } from './job-dto.js';

type ListDeps = Pick<Deps, 'db' | 'clock'>;

/** The user's jobs among `ids`, any status (the fallback poll and the tab-visible check). */
export async function getJobsByIds(deps: ListDeps, userId: string, ids: string[]): Promise<JobDto[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.userId, userId), inArray(imageJobs.id, ids)));
  return rows.map(toJobDto);
}

/** seed 000 §4: after a reload only jobs still processing or pending, younger than 2 hours, are restored. */
export async function getRestorableJobs(deps: ListDeps, userId: string): Promise<JobDto[]> {
  const since = new Date(deps.clock().getTime() - JOB_RESTORE_WINDOW_MS);
  const rows = await deps.db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.userId, userId), inArray(imageJobs.status, ['processing', 'pending']), gt(imageJobs.createdAt, since)))
    .orderBy(desc(imageJobs.createdAt));
  return rows.map(toJobDto);
}

/** seed 001 §7.2 recent activity: the last 10 jobs, newest first. */
export async function getRecentActivity(deps: ListDeps, userId: string) {
  const rows = await deps.db
    .select({
      id: imageJobs.id,
      credits_used: imageJobs.creditsUsed,
      status: imageJobs.status,
      created_at: imageJobs.createdAt,
      workflow_type: imageJobs.workflowType,
    })
    .from(imageJobs)
    .where(eq(imageJobs.userId, userId))
    .orderBy(desc(imageJobs.createdAt))
    .limit(10);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/** The last completed jobs with their processed URL (restoring results onto the canvas); results in the trash are left out. */
export async function getRecentCompleted(deps: ListDeps, userId: string, limit = 10): Promise<JobDto[]> {
  const rows = await deps.db
    .select()
    .from(imageJobs)
    .leftJoin(images, eq(images.id, imageJobs.resultImageId))
    .where(and(eq(imageJobs.userId, userId), eq(imageJobs.status, 'completed'), isNotNull(imageJobs.processedImageUrl), isNull(images.deletedAt)))
    .orderBy(desc(imageJobs.updatedAt))
    .limit(Math.min(Math.max(1, limit), 100));
  return rows.map((r) => toJobDto(r.image_jobs));
}
