import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/database.js';
import { imageJobs, images } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import type { ImageRow } from '@server/repositories/images-repository.js';

/** What a job works on: a stored file (the upload, or a result) and the completed job that made it (null: the upload). */
export interface InputVersion {
  image: ImageRow;
  parentJobId: string | null;
}

// an image in the trash is not there for new jobs: restored first, it is
const ownImage = async (db: Db | Tx, userId: string, id: string): Promise<ImageRow | null> =>
  (
    await db
      .select()
      .from(images)
      .where(and(eq(images.id, id), eq(images.userId, userId), isNull(images.deletedAt)))
  )[0] ?? null;

/** The upload a stored file descends from (results name their source); a broken or looping chain ends where it breaks. */
async function uploadOf(db: Db | Tx, userId: string, image: ImageRow): Promise<string> {
  let current = image;
  const seen = new Set([current.id]);
  while (current.sourceImageId && !seen.has(current.sourceImageId)) {
    const parent = await ownImage(db, userId, current.sourceImageId);
    if (!parent) break;
    seen.add(parent.id);
    current = parent;
  }
  return current.id;
}

/**
 * The version a new job starts from. `sourceVersionId` names a completed job of the same image and user, whose result
 * is the input; without it the input is the image named (the upload, or a result an older client names directly),
 * and its parent is the job that made it, if any. Another user's image or version is not found (404), whatever it is.
 */
export async function resolveInputVersion(
  db: Db | Tx,
  userId: string,
  req: { imageId: string; sourceVersionId?: string | null },
  imageNotFound: string,
): Promise<InputVersion> {
  const image = await ownImage(db, userId, req.imageId);
  if (!image) throw new AppError('IMAGE_NOT_FOUND', 404, imageNotFound);
  if (!req.sourceVersionId) {
    if (!image.sourceImageId) return { image, parentJobId: null };
    const [maker] = await db
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, userId), eq(imageJobs.resultImageId, image.id), eq(imageJobs.status, 'completed')))
      .limit(1);
    return { image, parentJobId: maker?.id ?? null };
  }

  const [job] = await db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.id, req.sourceVersionId), eq(imageJobs.userId, userId)));
  if (!job) throw new AppError('VERSION_NOT_FOUND', 404, msg('versionNotFound'));
  if (job.status !== 'completed') throw new AppError('VERSION_NOT_COMPLETED', 400, msg('versionNotCompleted', { status: job.status }));
  const result = job.resultImageId ? await ownImage(db, userId, job.resultImageId) : null;
  // a completed job whose result was deleted has no version left to start from
  if (!result) throw new AppError('VERSION_NOT_FOUND', 404, msg('versionNotFound'));
  if ((await uploadOf(db, userId, result)) !== (await uploadOf(db, userId, image))) {
    throw new AppError('VERSION_OTHER_IMAGE', 400, msg('versionOtherImage'));
  }
  return { image: result, parentJobId: job.id };
}
