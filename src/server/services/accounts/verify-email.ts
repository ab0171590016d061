import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { profiles, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { renderEmail } from '@emails/index.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { lookupCode, revokeCodes } from './codes.js';

export type VerifyEmailInput = { token: string } | { email: string; code: string };

/** Marks the address verified by the link's token, or by e-mail and the code typed by hand; then sends the welcome mail. */
export async function verifyEmail(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>, input: VerifyEmailInput): Promise<{ userId: string }> {
  const code = 'token' in input ? input.token : input.code;
  const found = await lookupCode(deps.db, 'email-verification', code, deps.clock());
  if (found.state === 'unknown') throw new AppError('INVALID_CODE', 400, m.verificationInvalid);
  const [u] = await deps.db.select().from(user).where(eq(user.id, found.userId)).limit(1);
  // a code typed for another address is simply wrong: say nothing about whose it is
  if (!u || ('email' in input && u.email !== input.email)) throw new AppError('INVALID_CODE', 400, m.verificationInvalid);
  if (found.state === 'expired') throw new AppError('CODE_EXPIRED', 400, m.verificationExpired);

  await deps.db.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true, updatedAt: deps.clock() }).where(eq(user.id, u.id));
    await revokeCodes(tx, 'email-verification', u.id);
  });

  try {
    const [profile] = await deps.db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, u.id)).limit(1);
    const mail = await renderEmail('welcome', { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL, firstName: profile?.firstName ?? '' });
    await deps.mailer.send({ ...mail, to: u.email, userId: u.id });
  } catch (err) {
    deps.logger.warn({ err, userId: u.id }, 'welcome email not delivered');
  }
  return { userId: u.id };
}
