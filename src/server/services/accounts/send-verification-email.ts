import type { Deps } from '@server/deps.js';
import { renderEmail } from '@emails/index.js';
import { VERIFICATION_CODE_LENGTH } from '@shared/accounts/schemas.js';
import { issueCode } from './codes.js';

/**
 * Issues a new verification code (replacing earlier ones) and mails it with its link /verify/{code}.
 * Throws when the mail cannot be delivered; the code stays valid and can be resent.
 */
export async function sendVerificationEmail(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer'>,
  user: { id: string; email: string; firstName: string | null },
): Promise<void> {
  const code = await issueCode(deps.db, 'email-verification', user.id, VERIFICATION_CODE_LENGTH, deps.clock());
  const site = { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL };
  const mail = await renderEmail('verification', {
    ...site,
    firstName: user.firstName ?? '',
    token: code,
    verificationUrl: `${site.baseUrl}/verify/${code}`,
  });
  await deps.mailer.send({ ...mail, to: user.email, userId: user.id });
}
