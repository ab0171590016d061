import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { imageJobs } from '../db/schema.js';

export type ImageJobStatus = (typeof imageJobs.$inferSelect)['status'];

/** A job's status as the database holds it now, or null when the job is gone. */
export async function findJobStatus(db: Db | Tx, jobId: string): Promise<ImageJobStatus | null> {
  const [row] = await db.select({ status: imageJobs.status }).from(imageJobs).where(eq(imageJobs.id, jobId));
  return row?.status ?? null;
}

/** One of the user's jobs, whole; another user's job is not found. */
export async function findUserJob(db: Db | Tx, userId: string, jobId: string): Promise<typeof imageJobs.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.id, jobId), eq(imageJobs.userId, userId)));
  return row ?? null;
}
