import { and, eq, ne } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Deps } from '@server/deps.js';
import { account, session } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { enforceRateLimit } from '../security/rate-limit.js';
import { notifyUser } from './security-notices.js';

type PasswordDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/**
 * Checks the account's password for an action that asks for it again (changing it, new backup codes). Attempts are
 * counted per account like sign-in attempts per client, so a borrowed session cannot try passwords at speed.
 */
export async function confirmPassword(deps: PasswordDeps, userId: string, password: string): Promise<void> {
  await enforceRateLimit(deps, `password-confirm:${userId}`, deps.config.RATE_LIMIT_SIGN_IN, m.passwordChangeTooMany);
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password }))) {
    throw new AppError('INVALID_PASSWORD', 400, m.currentPasswordWrong);
  }
}

/**
 * Sets a new password for the signed-in account after checking the current one (the new one has passed the sign-up
 * rules already). With revokeOtherSessions every other session ends in the same transaction; this one stays. The
 * owner is mailed afterwards.
 */
export async function changePassword(
  deps: PasswordDeps & Pick<Deps, 'mailer' | 'logger'>,
  who: { userId: string; sessionId: string },
  req: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean },
): Promise<void> {
  await confirmPassword(deps, who.userId, req.currentPassword);
  const hash = await hashPassword(req.newPassword);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(account)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(account.userId, who.userId), eq(account.providerId, 'credential')));
    if (req.revokeOtherSessions) await tx.delete(session).where(and(eq(session.userId, who.userId), ne(session.id, who.sessionId)));
  });
  await notifyUser(deps, who.userId, 'password-changed', { othersSignedOut: !!req.revokeOtherSessions });
}
