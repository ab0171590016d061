import type { Deps } from '@server/deps.js';
import { findAccountRecipient } from '@server/repositories/account-recipients.js';
import { renderEmail } from '@emails/index.js';

/** The beta-access e-mail (seed 000 §2) after a grant; a mail that cannot be delivered is logged, never undoes the grant. */
export async function sendBetaAccessEmail(deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'logger'>, userId: string): Promise<boolean> {
  try {
    const u = await findAccountRecipient(deps.db, userId);
    if (!u) return false;
    const mail = await renderEmail('beta-access', {
      siteName: deps.config.SITE_NAME,
      baseUrl: deps.config.BASE_URL,
      firstName: u.firstName ?? '',
      email: u.email,
    });
    await deps.mailer.send({ ...mail, to: u.email, userId });
    return true;
  } catch (err) {
    deps.logger.warn({ err, userId }, 'beta access e-mail not delivered');
    return false;
  }
}
