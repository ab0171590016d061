import type { Deps } from '@server/deps.js';
import { findAccountRecipient, type AccountRecipient } from '@server/repositories/account-recipients.js';
import { renderEmail } from '@emails/index.js';
import { MailDeliveryError } from '@server/ports/mailer.js';

export type SecurityNotice = 'password-changed' | 'two-factor-enabled' | 'two-factor-disabled' | 'backup-codes-regenerated' | 'account-deleted';

export interface NoticeRecipient extends AccountRecipient {
  /** Absent once the account is gone (the account-deleted notice). */
  userId?: string | null;
}

type NoticeDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** The address and first name a notice goes to, or null when the account does not exist. */
export async function noticeRecipient(deps: Pick<Deps, 'db'>, userId: string): Promise<NoticeRecipient | null> {
  const u = await findAccountRecipient(deps.db, userId);
  return u ? { ...u, userId } : null;
}

/**
 * Mails the owner that their sign-in changed, after the change has committed. The change stands whatever happens to
 * the mail: an undeliverable notice stays in the outbox as failed and is logged, never undoing the change. Returns
 * the notice's outbox row, when one was written.
 */
export async function sendSecurityNotice(
  deps: NoticeDeps,
  to: NoticeRecipient,
  notice: SecurityNotice,
  opts: { othersSignedOut?: boolean } = {},
): Promise<string | null> {
  try {
    const base = { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL, firstName: to.firstName ?? '', when: whenFormat.format(deps.clock()) };
    const mail =
      notice === 'password-changed' ? await renderEmail(notice, { ...base, othersSignedOut: opts.othersSignedOut ?? false }) : await renderEmail(notice, base);
    return (await deps.mailer.send({ ...mail, to: to.email, userId: to.userId ?? null })).id;
  } catch (err) {
    deps.logger.error({ err, notice, userId: to.userId }, 'security notice could not be sent');
    return err instanceof MailDeliveryError ? err.outboxId : null;
  }
}

/** sendSecurityNotice for an existing account, by its id. */
export async function notifyUser(deps: NoticeDeps, userId: string, notice: SecurityNotice, opts: { othersSignedOut?: boolean } = {}): Promise<void> {
  const to = await noticeRecipient(deps, userId);
  if (to) await sendSecurityNotice(deps, to, notice, opts);
}

/**
 * better-auth turns two-factor on (the first code after set-up, through verify-totp) and off. Before the request runs,
 * this notes whose change it would be: verify-totp changes something only for a signed-in account without two-factor
 * yet (a sign-in's second step has no session). `settle` mails the notice once the request succeeded.
 */
export async function beginTwoFactorChange(deps: NoticeDeps & Pick<Deps, 'auth'>, path: string, headers: Headers) {
  const kind: SecurityNotice | null = path === '/two-factor/verify-totp' ? 'two-factor-enabled' : path === '/two-factor/disable' ? 'two-factor-disabled' : null;
  if (!kind) return null;
  const current = await deps.auth.api.getSession({ headers }).catch(() => null);
  if (!current) return null;
  if (kind === 'two-factor-enabled' && current.user.twoFactorEnabled) return null;
  const userId = current.user.id;
  return {
    async settle(status: number) {
      if (status >= 200 && status < 300) await notifyUser(deps, userId, kind);
    },
  };
}
