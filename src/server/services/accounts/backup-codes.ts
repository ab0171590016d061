import type { Deps } from '@server/deps.js';
import { AppError } from '@server/errors.js';
import { confirmPassword } from './change-password.js';
import { notifyUser } from './security-notices.js';

/** How many of the account's two-factor backup codes are still unused (0 without two-factor). */
export async function countBackupCodes(deps: Pick<Deps, 'auth'>, userId: string): Promise<number> {
  try {
    const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId } });
    return backupCodes.length;
  } catch {
    // no two-factor row: nothing to count
    return 0;
  }
}

/**
 * Replaces the account's backup codes with new ones, for its password: the old codes stop working at once. The new
 * codes are returned to be shown this once; the owner is mailed that it happened.
 */
export async function regenerateBackupCodes(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'auth' | 'mailer' | 'logger'>,
  who: { userId: string; headers: Headers },
  password: string,
): Promise<string[]> {
  await confirmPassword(deps, who.userId, password);
  let backupCodes: string[];
  try {
    // better-auth checks the password again and knows the key the codes are stored under
    ({ backupCodes } = await deps.auth.api.generateBackupCodes({ body: { password }, headers: who.headers }));
  } catch (err) {
    const e = err as { body?: { message?: string; code?: string }; statusCode?: number };
    throw new AppError(e.body?.code ?? 'BACKUP_CODES_FAILED', 400, e.body?.message ?? 'Backup codes could not be created');
  }
  await notifyUser(deps, who.userId, 'backup-codes-regenerated');
  return backupCodes;
}
