import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { notFound } from '@server/errors.js';
import { imageShares, images } from '@server/db/schema.js';
import { SHARE_ID_PATTERN, shareMessages } from '@shared/share-links.js';
import type { Bucket } from '@shared/url-checks.js';
import { isOpen } from './share-link.js';

/**
 * The stored file behind a share link, while the link is open. Unknown, revoked and expired links answer alike, so
 * whoever holds an old link learns nothing about the image or its owner.
 */
export async function openSharedFile(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<{ bucket: Bucket; key: string }> {
  if (!SHARE_ID_PATTERN.test(token)) throw notFound(shareMessages.linkGone);
  const [row] = await deps.db
    .select({ bucket: images.bucket, key: images.path })
    .from(imageShares)
    .innerJoin(images, eq(images.id, imageShares.imageId))
    .where(and(eq(imageShares.id, token), isOpen(deps.clock()), isNull(images.deletedAt)));
  if (!row) throw notFound(shareMessages.linkGone);
  return { bucket: row.bucket as Bucket, key: row.key };
}
