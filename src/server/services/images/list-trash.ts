import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { images } from '@server/db/schema.js';
import { SIGNED_URL_TTL } from '@shared/limits.js';
import type { TrashItem } from '@shared/api/trash.js';
import { purgeDueAt, trashDaysLeft } from '@shared/trash.js';
import type { Bucket } from '@shared/url-checks.js';
import { thumbnailKeyFor } from '../storage/paths.js';
import { descendantsByRoot } from './image-lineage.js';

/** The user's trash: each deleted upload with its versions' count and bytes, when it goes for good, newest deletion first. */
export async function listTrash(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, userId: string): Promise<TrashItem[]> {
  const uploads = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.userId, userId), isNull(images.sourceImageId), isNotNull(images.deletedAt)))
    .orderBy(desc(images.deletedAt), desc(images.createdAt))
    .limit(500);
  if (uploads.length === 0) return [];
  const lineage = await descendantsByRoot(
    deps,
    userId,
    uploads.map((u) => u.id),
  );
  const now = deps.clock();
  return Promise.all(
    uploads.map(async (u): Promise<TrashItem> => {
      const derived = lineage.get(u.id) ?? [];
      const bucket = u.bucket as Bucket;
      // signed URLs of trashed files still serve: the list shows what it holds
      const thumbKey = thumbnailKeyFor(u.path);
      const shown = (await deps.storage.head(bucket, thumbKey)) ? thumbKey : u.path;
      const signed = await deps.storage.signUrl(bucket, shown, SIGNED_URL_TTL.upload);
      const deletedAt = u.deletedAt!;
      return {
        id: u.id,
        name: u.originalName ?? 'image',
        width: u.width,
        height: u.height,
        bytes: derived.reduce((sum, d) => sum + d.bytes, u.bytes),
        versions: derived.length,
        thumbnailUrl: signed.url,
        deletedAt: deletedAt.toISOString(),
        purgeAt: purgeDueAt(deletedAt).toISOString(),
        daysLeft: trashDaysLeft(deletedAt, now),
      };
    }),
  );
}
