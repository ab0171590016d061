import { and, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { notFound } from '@server/errors.js';
import { imageShares } from '@server/db/schema.js';
import { shareMessages } from '@shared/share-links.js';
import { ownShare } from './share-link.js';

/** Ends a share link at once; the row stays (revoked) so the secret can never open anything again. */
export async function revokeShare(deps: Pick<Deps, 'db' | 'clock'>, userId: string, shareId: string): Promise<void> {
  const revoked = await deps.db
    .update(imageShares)
    .set({ revokedAt: deps.clock() })
    .where(and(ownShare(userId, shareId), isNull(imageShares.revokedAt)))
    .returning({ id: imageShares.id });
  if (revoked.length === 0) throw notFound(shareMessages.linkNotFound);
}
