import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { JobStatus } from '@shared/api/jobs.js';
import { toJobDto, type JobDto } from './job-dto.js';

// JavaScript dates hold milliseconds, PostgreSQL's microseconds: the order and the cursor both use milliseconds
const createdMs = sql`date_trunc('milliseconds', ${imageJobs.createdAt})`;

/** A position in the list, newest first: the last job shown's creation time and id (ids break ties). */
const encodeCursor = (job: { createdAt: Date; id: string }) => Buffer.from(`${job.createdAt.toISOString()}|${job.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError('INVALID_CURSOR', 400, 'This cursor is not one the API handed out.');
  return { createdAt, id };
}

/**
 * One page of the user's jobs, newest first, optionally of some statuses only. The cursor names where the last page
 * ended, so jobs created meanwhile never shift a page or show twice.
 */
export async function listJobsPage(
  deps: Pick<Deps, 'db'>,
  userId: string,
  query: { statuses?: JobStatus[]; limit: number; cursor?: string },
): Promise<{ jobs: JobDto[]; nextCursor: string | null }> {
  const where: SQL[] = [eq(imageJobs.userId, userId)];
  if (query.statuses?.length) where.push(inArray(imageJobs.status, query.statuses));
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    const at = sql`${after.createdAt.toISOString()}::timestamptz`;
    where.push(or(lt(createdMs, at), and(eq(createdMs, at), lt(imageJobs.id, after.id)))!);
  }
  const rows = await deps.db
    .select()
    .from(imageJobs)
    .where(and(...where))
    .orderBy(desc(createdMs), desc(imageJobs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { jobs: page.map(toJobDto), nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null };
}

/** One of the user's jobs, any status; another user's is not found. */
export async function getJob(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<JobDto | null> {
  const [row] = await deps.db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.id, id), eq(imageJobs.userId, userId)));
  return row ? toJobDto(row) : null;
}
