import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Deps } from '@server/deps.js';
import { account, session, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { lookupCode, revokeCodes } from './codes.js';

/**
 * Sets a new password with a reset code (from the e-mail or its link). The code works once; every session of the
 * user ends, so whoever knew the old password is signed out everywhere. Holding the code proves the mailbox, so the
 * address counts as verified from now on.
 */
export async function resetPassword(deps: Pick<Deps, 'db' | 'clock'>, token: string, newPassword: string): Promise<{ userId: string; email: string }> {
  const found = await lookupCode(deps.db, 'password-reset', token, deps.clock());
  if (found.state !== 'valid') throw new AppError('INVALID_RESET_CODE', 400, m.resetCodeInvalid);
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [u] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, found.userId)).limit(1);
    if (!u) throw new AppError('INVALID_RESET_CODE', 400, m.resetCodeInvalid);
    const updated = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(account.userId, u.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) throw new AppError('INVALID_RESET_CODE', 400, m.resetCodeInvalid);
    await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, u.id));
    await tx.delete(session).where(eq(session.userId, u.id));
    await revokeCodes(tx, 'password-reset', u.id);
    return { userId: u.id, email: u.email };
  });
}
