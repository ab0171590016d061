import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { notFound } from '@server/errors.js';
import { imageShares, images } from '@server/db/schema.js';
import type { ShareLink } from '@shared/api/shares.js';
import { shareMessages } from '@shared/share-links.js';
import { isOpen, toShareLink } from './share-link.js';

/** The open share links of one of the user's images, newest first; another user's image answers like a missing one. */
export async function listShares(deps: Pick<Deps, 'db' | 'clock'>, userId: string, imageId: string, baseUrl: string): Promise<ShareLink[]> {
  const [image] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.deletedAt)));
  if (!image) throw notFound(shareMessages.imageNotFound);
  const rows = await deps.db
    .select()
    .from(imageShares)
    .where(and(eq(imageShares.imageId, imageId), eq(imageShares.userId, userId), isOpen(deps.clock())))
    .orderBy(desc(imageShares.createdAt));
  return rows.map((row) => toShareLink(row, baseUrl));
}
