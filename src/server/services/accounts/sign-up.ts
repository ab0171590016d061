import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { z } from 'zod';
import type { Deps } from '@server/deps.js';
import { account, businessCustomers, creditLedger, profiles, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import type { SignupRequest } from '@shared/accounts/schemas.js';
import { normalizeVatId } from '@shared/accounts/vat.js';
import { sendVerificationEmail } from './send-verification-email.js';
import { consumeRateLimit } from '../security/rate-limit.js';
import { resendCooldownKey } from './resend-verification.js';

export type ParsedSignup = z.output<typeof SignupRequest>;

// seed 000 §3: the free plan's monthly allowance
const FREE_PLAN_CREDITS = 4;

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: any = err; e; e = e.cause) if (e.code === '23505') return true;
  return false;
};

/**
 * Creates the user, its password credential, its profile (free plan, 4 credits), its business record and the credit
 * ledger's opening entry in one transaction, then mails the verification code. better-auth's own sign-up cannot do this:
 * it writes the user and the account separately and knows nothing of profiles.
 */
export async function signUp(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>,
  req: ParsedSignup,
): Promise<{ userId: string; email: string; verificationEmailSent: boolean }> {
  const md = req.user_metadata;
  const email = req.email;
  const now = deps.clock();
  const passwordHash = await hashPassword(req.password);
  const userId = randomUUID();
  const vatId = md.vat_id ? normalizeVatId(md.vat_id) : null;
  const metadata: Record<string, unknown> = {
    first_name: md.first_name,
    last_name: md.last_name,
    company: md.company ?? null,
    phone: md.phone ?? null,
    job_title: md.job_title ?? null,
    location: md.location ?? null,
    heard_about: md.heard_about ?? null,
    marketing_opt_in: md.marketing_opt_in,
    is_business: md.is_business,
    vat_id: vatId,
    business_type: md.business_type ?? null,
    industry: md.industry ?? null,
    country: md.country,
  };

  try {
    await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
      if (existing) throw new AppError('EMAIL_EXISTS', 409, m.signupExists);
      await tx.insert(user).values({
        id: userId,
        name: `${md.first_name} ${md.last_name}`.trim(),
        email,
        emailVerified: false,
        role: 'user',
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      const [profile] = await tx
        .insert(profiles)
        .values({
          userId,
          firstName: md.first_name,
          lastName: md.last_name,
          email,
          creditsRemaining: FREE_PLAN_CREDITS,
          betaAccess: false,
          subscriptionStatus: 'free',
          isBusiness: md.is_business,
          companyName: md.is_business ? (md.company ?? null) : null,
          vatId: md.is_business ? vatId : null,
          metadata,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: profiles.id });
      if (md.is_business) {
        await tx.insert(businessCustomers).values({
          userId,
          profileId: profile.id,
          companyName: md.company ?? null,
          vatId,
          countryCode: md.country,
          businessType: md.business_type ?? null,
          industry: md.industry ?? null,
          billingAddress: {},
          createdAt: now,
          updatedAt: now,
        });
      }
      await tx.insert(creditLedger).values({ userId, delta: FREE_PLAN_CREDITS, reason: 'signup', balanceAfter: FREE_PLAN_CREDITS, createdAt: now });
    });
  } catch (err) {
    // two sign-ups with the same address at once: the loser hits the unique index
    if (isUniqueViolation(err)) throw new AppError('EMAIL_EXISTS', 409, m.signupExists);
    throw err;
  }

  let verificationEmailSent = true;
  // the mail just sent starts the 60-second resend cooldown of /confirm (seed 000 §4)
  await consumeRateLimit(deps, resendCooldownKey(email), { max: 1, window: deps.config.RESEND_COOLDOWN_SECONDS });
  try {
    await sendVerificationEmail(deps, { id: userId, email, firstName: md.first_name });
  } catch (err) {
    verificationEmailSent = false;
    deps.logger.warn({ err, userId }, 'verification email not delivered at sign-up');
  }
  return { userId, email, verificationEmailSent };
}
