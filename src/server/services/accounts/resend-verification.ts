import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { consumeRateLimit } from '../security/rate-limit.js';
import { sendVerificationEmail } from './send-verification-email.js';

export const resendCooldownKey = (email: string) => `resend-cooldown:${email}`;

/**
 * seed 000 §4: resend, then a 60-second cooldown. The answer is the same whether or not the address has an unverified
 * account, so it cannot be used to find out who is registered.
 */
export async function resendVerification(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>, email: string): Promise<void> {
  const cooldown = await consumeRateLimit(deps, resendCooldownKey(email), { max: 1, window: deps.config.RESEND_COOLDOWN_SECONDS });
  if (!cooldown.allowed) {
    throw new AppError('RESEND_COOLDOWN', 429, m.resendCooldown.replace('{n}', String(cooldown.retryAfter)), { retryAfter: cooldown.retryAfter });
  }
  const [u] = await deps.db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified, firstName: profiles.firstName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email))
    .limit(1);
  if (!u || u.emailVerified) return;
  try {
    await sendVerificationEmail(deps, u);
  } catch (err) {
    deps.logger.warn({ err, userId: u.id }, 'verification email not delivered on resend');
    throw new AppError('MAIL_FAILED', 502, m.resendError);
  }
}
