import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images, profiles } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { versionMessages } from '@shared/versions.js';
import { descendantsByRoot } from './image-lineage.js';
import { deleteImageFiles } from './purge-images.js';
import { publishImages } from './publish-images.js';

export interface DeletedVersion {
  /** The jobs whose results went: the one asked for and every version made from it. */
  jobIds: string[];
}

/**
 * Deletes one version of a card for good: a completed job's result with every version made from it (an enhancement
 * of a removal, another removal on it), files included. The upload and the other versions stay; the job rows stay as
 * history (their result becomes null) and the credits they used are not refunded. Refused while a job works on any of
 * them, so no worker writes a result from a deleted version. Another user's job is not found.
 */
export async function deleteVersion(deps: Pick<Deps, 'db' | 'storage' | 'logger' | 'events'>, userId: string, jobId: string): Promise<DeletedVersion> {
  const [job] = await deps.db
    .select({ id: imageJobs.id, status: imageJobs.status, resultImageId: imageJobs.resultImageId })
    .from(imageJobs)
    .where(and(eq(imageJobs.id, jobId), eq(imageJobs.userId, userId)));
  if (!job) throw new AppError('JOB_NOT_FOUND', 404, versionMessages.notFound);
  if (job.status !== 'completed') throw new AppError('NO_RESULT', 409, versionMessages.noResult);
  const [result] = job.resultImageId
    ? await deps.db
        .select()
        .from(images)
        .where(and(eq(images.id, job.resultImageId), eq(images.userId, userId), isNull(images.deletedAt)))
    : [];
  if (!result) throw new AppError('JOB_NOT_FOUND', 404, versionMessages.notFound);
  const rows = [result, ...((await descendantsByRoot(deps, userId, [result.id])).get(result.id) ?? [])];
  const imageIds = rows.map((r) => r.id);

  const jobIds = await deps.db.transaction(async (tx) => {
    // the profile row is what a job submission locks first: a submission on this version and its deletion go one
    // after the other
    await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    const made = await tx
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, userId), inArray(imageJobs.resultImageId, imageIds)));
    const ids = made.map((j) => j.id);
    const [running] = await tx
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(
        and(
          eq(imageJobs.userId, userId),
          inArray(imageJobs.status, ['pending', 'processing']),
          or(inArray(imageJobs.targetImageId, imageIds), ids.length > 0 ? inArray(imageJobs.sourceJobId, ids) : undefined),
        ),
      )
      .limit(1);
    if (running) throw new AppError('VERSION_BUSY', 409, versionMessages.busy);
    await tx.delete(images).where(and(eq(images.userId, userId), inArray(images.id, imageIds)));
    return ids;
  });
  await deleteImageFiles(deps, rows);
  await publishImages(deps, userId, 'versions-deleted', imageIds, jobIds);
  return { jobIds };
}
