import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images, profiles } from '@server/db/schema.js';
import { AppError, notFound } from '@server/errors.js';
import { descendantsByRoot } from './image-lineage.js';
import { publishImages } from './publish-images.js';

/**
 * Moves an upload with everything derived from it (enhancements, removal results) to the trash: every row gets the
 * same `deleted_at`, the files stay (restorable, and counted against the quota) until the scheduled purge or Delete
 * forever (purge-images.ts). Refused while a job runs on the image, so no worker writes a result into the trash.
 */
export async function deleteImage(deps: Pick<Deps, 'db' | 'clock' | 'events'>, userId: string, imageId: string): Promise<void> {
  const [image] = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.deletedAt)));
  if (!image || image.sourceImageId !== null) throw notFound('Image not found');
  const derived = (await descendantsByRoot(deps, userId, [imageId])).get(imageId) ?? [];
  const ids = [image, ...derived].map((r) => r.id);
  await deps.db.transaction(async (tx) => {
    // the profile row is what a job submission locks first: a submission and this move to the trash go one after the
    // other, so no job starts on an image that has just gone to the trash
    await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    const [running] = await tx
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(and(inArray(imageJobs.targetImageId, ids), inArray(imageJobs.status, ['pending', 'processing'])))
      .limit(1);
    if (running) throw new AppError('IMAGE_BUSY', 409, 'This image is being processed. Cancel the job first, then remove the image.');
    await tx
      .update(images)
      .set({ deletedAt: deps.clock() })
      .where(and(eq(images.userId, userId), inArray(images.id, ids), isNull(images.deletedAt)));
  });
  await publishImages(deps, userId, 'trashed', [imageId]);
}
