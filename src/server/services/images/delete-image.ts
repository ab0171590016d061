import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images } from '@server/db/schema.js';
import { AppError, notFound } from '@server/errors.js';
import { thumbnailKeyFor } from '../storage/paths.js';
import { descendantsByRoot } from './image-lineage.js';
import type { Bucket } from '@shared/url-checks.js';

/**
 * Removes an upload with everything derived from it (enhancements, removal results, their thumbnails and previews). Job rows stay
 * as history (their image references become null). Refused while a job runs on the image, so no worker writes a
 * result for an image that is gone.
 */
export async function deleteImage(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, userId: string, imageId: string): Promise<void> {
  const [image] = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId)));
  if (!image || image.sourceImageId !== null) throw notFound('Image not found');
  const derived = (await descendantsByRoot(deps, userId, [imageId])).get(imageId) ?? [];
  const rows = [image, ...derived];
  const ids = rows.map((r) => r.id);
  const [running] = await deps.db
    .select({ id: imageJobs.id })
    .from(imageJobs)
    .where(and(inArray(imageJobs.targetImageId, ids), inArray(imageJobs.status, ['pending', 'processing'])))
    .limit(1);
  if (running) throw new AppError('IMAGE_BUSY', 409, 'This image is being processed. Cancel the job first, then remove the image.');
  await deps.db.delete(images).where(and(eq(images.userId, userId), inArray(images.id, ids)));
  // files after the rows: a failed file removal leaves an orphan file (swept with the account), never a broken row
  for (const row of rows) {
    await deps.storage.delete(row.bucket as Bucket, row.path).catch((err) => deps.logger.warn({ err, key: row.path }, 'file removal failed'));
    // the upload's thumbnail, or a result's canvas preview
    await deps.storage.delete(row.bucket as Bucket, thumbnailKeyFor(row.path)).catch(() => {});
  }
}
