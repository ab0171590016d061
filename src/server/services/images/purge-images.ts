import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { images } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { TRASH_RETENTION_DAYS, trashMessages } from '@shared/trash.js';
import type { Bucket } from '@shared/url-checks.js';
import { thumbnailKeyFor } from '../storage/paths.js';
import { descendantsByRoot, type ImageRow } from './image-lineage.js';
import { publishImages } from './publish-images.js';

type PurgeDeps = Pick<Deps, 'db' | 'storage' | 'logger' | 'events'>;

/**
 * Deletes rows for good, then their files (with the upload's thumbnail or a result's canvas preview). Job rows stay as
 * history (their image references become null); share links go with their image. Files after the rows: a failed file
 * removal leaves an orphan file (swept with the account), never a row without its file.
 */
async function purgeRows(deps: PurgeDeps, rows: ImageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await deps.db.delete(images).where(
    inArray(
      images.id,
      rows.map((r) => r.id),
    ),
  );
  await deleteImageFiles(deps, rows);
}

/** The files of rows already deleted, with their thumbnails or previews; a failed removal is logged (an orphan file). */
export async function deleteImageFiles(deps: Pick<Deps, 'storage' | 'logger'>, rows: ImageRow[]): Promise<void> {
  for (const row of rows) {
    await deps.storage.delete(row.bucket as Bucket, row.path).catch((err) => deps.logger.warn({ err, key: row.path }, 'file removal failed'));
    await deps.storage.delete(row.bucket as Bucket, thumbnailKeyFor(row.path)).catch(() => {});
  }
}

/** Delete forever: an upload in the user's trash and all its versions, now. Another user's, or one not in the trash, is 404. */
export async function deleteForever(deps: PurgeDeps, userId: string, imageId: string): Promise<void> {
  const [upload] = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.sourceImageId), isNotNull(images.deletedAt)));
  if (!upload) throw notFound(trashMessages.notInTrash);
  const derived = (await descendantsByRoot(deps, userId, [imageId])).get(imageId) ?? [];
  await purgeRows(deps, [upload, ...derived]);
  await publishImages(deps, userId, 'purged', [imageId]);
}

// rows per pass: bounded memory for a large backlog (a first run after a long stop)
const PURGE_BATCH = 500;

/**
 * The scheduled trash run: every row in the trash for TRASH_RETENTION_DAYS or longer, with its files. An upload and its
 * versions share one `deleted_at`, so a chain goes in one pass. Safe in parallel (a row deleted twice is a no-op).
 */
export async function purgeExpiredTrash(deps: PurgeDeps & Pick<Deps, 'clock'>): Promise<{ purged: number }> {
  const cutoff = new Date(deps.clock().getTime() - TRASH_RETENTION_DAYS * 86_400_000);
  let purged = 0;
  for (;;) {
    const due = await deps.db.select().from(images).where(lte(images.deletedAt, cutoff)).limit(PURGE_BATCH);
    if (due.length === 0) break;
    await purgeRows(deps, due);
    purged += due.length;
    const uploads = new Map<string, string[]>();
    for (const r of due) if (r.sourceImageId === null) uploads.set(r.userId, [...(uploads.get(r.userId) ?? []), r.id]);
    for (const [userId, ids] of uploads) await publishImages(deps, userId, 'purged', ids);
    if (due.length < PURGE_BATCH) break;
  }
  if (purged > 0) deps.logger.info({ purged }, 'trash purged');
  return { purged };
}
