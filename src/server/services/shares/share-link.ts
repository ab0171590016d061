import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { ShareLink } from '@shared/api/shares.js';
import { SHARED_FILE_ROUTE_PREFIX } from '@shared/share-links.js';
import { imageShares } from '@server/db/schema.js';

export type ShareRow = typeof imageShares.$inferSelect;

/** A link that still opens: not revoked, and not past its expiry at `now`. */
export const isOpen = (now: Date): SQL => and(isNull(imageShares.revokedAt), or(isNull(imageShares.expiresAt), gt(imageShares.expiresAt, now)))!;

export const ownShare = (userId: string, shareId: string): SQL => and(eq(imageShares.id, shareId), eq(imageShares.userId, userId))!;

export function toShareLink(row: ShareRow, baseUrl: string): ShareLink {
  return {
    id: row.id,
    imageId: row.imageId,
    url: `${baseUrl.replace(/\/+$/, '')}${SHARED_FILE_ROUTE_PREFIX}${row.id}`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
