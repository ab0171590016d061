import type { Deps } from '@server/deps.js';
import { BUCKETS } from '@shared/url-checks.js';
import type { AccountDeletionParticipant } from '../accounts/account-deletion.js';
import { assertUserFolder } from './paths.js';

/** Removes every stored object of a user from every bucket; returns how many were removed. */
export async function deleteUserFiles(deps: Pick<Deps, 'storage'>, userId: string): Promise<number> {
  assertUserFolder(userId);
  let removed = 0;
  for (const bucket of BUCKETS) removed += await deps.storage.deletePrefix(bucket, `${userId}/`);
  return removed;
}

/**
 * Account deletion: files cannot be rolled back, so nothing happens inside the deletion transaction and the
 * files go after it commits. A failure then is logged; the rows that referenced the files are already gone.
 */
export function storageDeletionParticipant(deps: Pick<Deps, 'storage' | 'logger'>): AccountDeletionParticipant {
  return {
    name: 'storage',
    async prepare({ userId }) {
      assertUserFolder(userId);
      return async () => {
        try {
          const removed = await deleteUserFiles(deps, userId);
          deps.logger.info({ userId, removed }, 'deleted user files');
        } catch (err) {
          deps.logger.error({ err, userId }, 'deleting user files failed');
          throw err;
        }
      };
    },
  };
}
