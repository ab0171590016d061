import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { images } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { trashMessages } from '@shared/trash.js';
import { descendantsByRoot } from './image-lineage.js';
import { publishImages } from './publish-images.js';

/** Brings an upload and all its versions back from the trash; another user's, or one not in the trash, is 404. */
export async function restoreImage(deps: Pick<Deps, 'db' | 'events'>, userId: string, imageId: string): Promise<void> {
  const [upload] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.sourceImageId), isNotNull(images.deletedAt)));
  if (!upload) throw notFound(trashMessages.notInTrash);
  const derived = (await descendantsByRoot(deps, userId, [imageId])).get(imageId) ?? [];
  await deps.db
    .update(images)
    .set({ deletedAt: null })
    .where(and(eq(images.userId, userId), inArray(images.id, [imageId, ...derived.map((d) => d.id)])));
  await publishImages(deps, userId, 'restored', [imageId]);
}
