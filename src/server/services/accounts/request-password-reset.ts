import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles, user } from '@server/db/schema.js';
import { renderEmail } from '@emails/index.js';
import { RESET_CODE_LENGTH } from '@shared/accounts/schemas.js';
import { consumeRateLimit } from '../security/rate-limit.js';
import { issueCode } from './codes.js';
import { sendJob } from '@server/queues/define-queue.js';
import { accountMailQueue } from '@server/queues/account-mail.js';

/**
 * Asks for a reset code to be mailed, after the answer (the account-mail queue): the request does the same work
 * whether or not the address has an account, so neither its answer nor its time tells them apart.
 */
export async function enqueuePasswordReset(deps: Pick<Deps, 'queue' | 'config'>, email: string): Promise<void> {
  await sendJob(deps, accountMailQueue, { kind: 'password-reset', email, baseUrl: deps.config.BASE_URL });
}

/**
 * Mails a 6-character reset code and its link /reset-password/{code} (run by the account-mail queue). Nothing is sent
 * for an address without an account; a second request within the cooldown sends nothing.
 */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>,
  email: string,
  opts: { baseUrl?: string } = {},
): Promise<void> {
  const cooldown = await consumeRateLimit(deps, `reset-cooldown:${email}`, { max: 1, window: deps.config.RESEND_COOLDOWN_SECONDS });
  if (!cooldown.allowed) return;
  const [u] = await deps.db
    .select({ id: user.id, email: user.email, firstName: profiles.firstName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email))
    .limit(1);
  if (!u) return;
  const code = await issueCode(deps.db, 'password-reset', u.id, RESET_CODE_LENGTH, deps.clock());
  const site = { siteName: deps.config.SITE_NAME, baseUrl: opts.baseUrl ?? deps.config.BASE_URL };
  const mail = await renderEmail('password-reset', {
    ...site,
    firstName: u.firstName ?? '',
    resetToken: code,
    resetUrl: `${site.baseUrl}/reset-password/${code}`,
  });
  await deps.mailer.send({ ...mail, to: u.email, userId: u.id });
}
