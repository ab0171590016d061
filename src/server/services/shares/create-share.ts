import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { AppError, notFound } from '@server/errors.js';
import { imageShares, images } from '@server/db/schema.js';
import type { ShareLink } from '@shared/api/shares.js';
import { SHARE_EXPIRY_SECONDS, SHARE_LINKS_PER_IMAGE_MAX, shareMessages, type ShareExpiry } from '@shared/share-links.js';
import { isOpen, toShareLink } from './share-link.js';

/**
 * A public link to one of the user's images (an upload or a result). The link's id is its secret: 128 bits from the
 * system's random source, so it cannot be guessed or walked. Another user's image answers like a missing one.
 */
export async function createShare(deps: Pick<Deps, 'db' | 'clock'>, userId: string, imageId: string, expiry: ShareExpiry, baseUrl: string): Promise<ShareLink> {
  const now = deps.clock();
  const seconds = SHARE_EXPIRY_SECONDS[expiry];
  return deps.db.transaction(async (tx) => {
    const [image] = await tx
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.deletedAt)))
      .for('update');
    if (!image) throw notFound(shareMessages.imageNotFound);
    const [open] = await tx
      .select({ n: count() })
      .from(imageShares)
      .where(and(eq(imageShares.imageId, imageId), isOpen(now)));
    if (open.n >= SHARE_LINKS_PER_IMAGE_MAX) throw new AppError('TOO_MANY_SHARE_LINKS', 409, shareMessages.tooMany);
    const [row] = await tx
      .insert(imageShares)
      .values({
        id: randomBytes(16).toString('base64url'),
        userId,
        imageId,
        createdAt: now,
        expiresAt: seconds === null ? null : new Date(now.getTime() + seconds * 1000),
      })
      .returning();
    return toShareLink(row, baseUrl);
  });
}
