import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { imageJobs } from '../db/schema.js';

export type ImageJobStatus = (typeof imageJobs.$inferSelect)['status'];

/** A job's status as the database holds it now, or null when the job is gone. */
export async function findJobStatus(db: Db | Tx, jobId: string): Promise<ImageJobStatus | null> {
  const [row] = await db.select({ status: imageJobs.status }).from(imageJobs).where(eq(imageJobs.id, jobId));
  return row?.status ?? null;
}
