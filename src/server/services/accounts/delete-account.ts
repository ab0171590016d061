import { eq, like, or, and } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { emailOutbox, securityEvents, user, verification } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { noticeRecipient, sendSecurityNotice, type NoticeRecipient } from './security-notices.js';
import { confirmPassword } from './change-password.js';

// what is left of an outbox row addressed to a deleted account: when and which template, never to whom or what
export const DELETED_RECIPIENT = 'deleted-account';

/**
 * Deletion asked for by the account's owner: the password first (a wrong one changes nothing and is counted like
 * other password checks), then everything goes.
 */
export async function deleteOwnAccount(
  deps: Pick<Deps, 'db' | 'logger' | 'accountDeletion' | 'clock' | 'config' | 'mailer'>,
  who: { userId: string; password: string },
): Promise<void> {
  await confirmPassword(deps, who.userId, who.password);
  await deleteAccount(deps, who.userId);
}

/**
 * Removes the user and everything of theirs in one transaction: the users row cascades to sessions, credentials,
 * two-factor secrets, profile, business record, images, jobs, viewports, ledger and plans. Outbox rows and security
 * events stay for audit, anonymised. Participants (stored files, …) join the transaction; their after-commit work
 * runs once the rows are gone. Any failure rolls everything back.
 */
export async function deleteAccount(deps: Pick<Deps, 'db' | 'logger' | 'accountDeletion' | 'clock' | 'config' | 'mailer'>, userId: string): Promise<void> {
  const afterCommit: { name: string; run: () => Promise<void> }[] = [];
  let recipient: NoticeRecipient | null = null;
  await deps.db.transaction(async (tx) => {
    const [u] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
    if (!u) throw notFound('Account not found');
    recipient = await noticeRecipient({ db: tx }, userId);
    for (const participant of deps.accountDeletion) {
      const after = await participant.prepare({ tx, userId, email: u.email });
      if (after) afterCommit.push({ name: participant.name, run: after });
    }
    await tx
      .update(emailOutbox)
      .set({ userId: null, toAddress: DELETED_RECIPIENT, html: '', text: '' })
      .where(or(eq(emailOutbox.userId, userId), eq(emailOutbox.toAddress, u.email)));
    await tx
      .update(securityEvents)
      .set({ userId: null, email: null, ipAddress: null, userAgent: null, pageUrl: null, details: {} })
      .where(or(eq(securityEvents.userId, userId), eq(securityEvents.email, u.email)));
    // our one-time codes keep the user id as their value (services/accounts/codes.ts)
    await tx
      .delete(verification)
      .where(and(eq(verification.value, userId), or(like(verification.identifier, 'email-verification:%'), like(verification.identifier, 'password-reset:%'))));
    await tx.delete(user).where(eq(user.id, userId));
  });
  for (const step of afterCommit) {
    try {
      await step.run();
    } catch (err) {
      // the rows are gone; what is left behind is unreachable and is reported for cleanup
      deps.logger.error({ err, participant: step.name, userId }, 'account deletion clean-up failed');
    }
  }
  // the owner learns of the deletion by mail; once handed to the mailer its outbox row is anonymised like the rest
  if (recipient) {
    const outboxId = await sendSecurityNotice(deps, { ...(recipient as NoticeRecipient), userId: null }, 'account-deleted');
    if (outboxId) await deps.db.update(emailOutbox).set({ toAddress: DELETED_RECIPIENT, html: '', text: '' }).where(eq(emailOutbox.id, outboxId));
  }
}
