import type { Tx } from '@server/db/database.js';

/**
 * A part of the system that holds a user's data the users-row cascade does not reach (stored files, a payment
 * provider's customer). `prepare` runs inside the deletion transaction: throwing aborts the deletion and leaves
 * everything intact. What it returns runs after the commit, for work that cannot be rolled back (deleting files).
 */
export interface AccountDeletionParticipant {
  name: string;
  prepare(ctx: { tx: Tx; userId: string; email: string }): Promise<(() => Promise<void>) | void>;
}
