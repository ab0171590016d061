import { z } from 'zod';
import { accountMessages as m } from './messages.js';
import { isCountryCode } from '../countries.js';
import { COMPANY_NAME_MAX, firstNameSchema, lastNameSchema, tooLong } from './names.js';
import { checkVatId } from './vat.js';

export const MIN_PASSWORD_LENGTH = 6; // seed 001 §9
export const MAX_PASSWORD_LENGTH = 128;
export const RESET_CODE_LENGTH = 6; // seed 001 §9
export const VERIFICATION_CODE_LENGTH = 16; // shown as four groups of four (seed 000 §2)
export const RESEND_COOLDOWN_SECONDS = 60; // seed 001 §9
export const REDIRECT_DELAY_MS = 3000; // seed 001 §9

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((v) => v.toLowerCase());

const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, m.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

const optionalText = (max = 200, tooLongMessage?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .optional()
    .transform((v) => (v ? v : undefined));

/** seed 000 §3: the signup profile as user_metadata with snake_case keys. */
const UserMetadata = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  company: optionalText(COMPANY_NAME_MAX, tooLong('Company name', COMPANY_NAME_MAX)),
  phone: optionalText(50),
  job_title: optionalText(100),
  location: optionalText(200),
  heard_about: optionalText(200),
  marketing_opt_in: z.boolean().default(false),
  is_business: z.boolean().default(false),
  vat_id: optionalText(32).transform((v) => (v ? v.toUpperCase() : undefined)),
  business_type: optionalText(50),
  industry: optionalText(100),
  country: z
    .string({ error: m.countryRequired })
    .trim()
    .min(1, m.countryRequired)
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, m.countryRequired),
});
export type UserMetadata = z.infer<typeof UserMetadata>;

/** POST /api/accounts/signup (the seed's create-user-without-email). */
export const SignupRequest = z
  .object({
    email,
    password,
    terms_accepted: z.literal(true, { error: m.termsRequired }),
    user_metadata: UserMetadata,
  })
  .superRefine((req, ctx) => {
    const md = req.user_metadata;
    if (md.is_business && !md.company) {
      ctx.addIssue({ code: 'custom', path: ['user_metadata', 'company'], message: m.companyRequired });
    }
    // seed 000 §5: VAT ID validated when non-empty and a country is chosen
    if (md.vat_id && md.country && !checkVatId(md.vat_id, md.country).valid) {
      ctx.addIssue({ code: 'custom', path: ['user_metadata', 'vat_id'], message: m.vatInvalid });
    }
  });
export type SignupRequest = z.input<typeof SignupRequest>;

export const ValidateVatRequest = z.object({
  vatId: z.string().trim().min(1).max(32),
  countryCode: z.string().trim().length(2),
});

/** Verification codes are typed with or without the separating dashes and spaces, in any case. */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** 'ABCD2345EFGH6789' → 'ABCD-2345-EFGH-6789' (seed 000 §2: codes appear as four groups of four). */
export function formatCodeGroups(code: string): string {
  return normalizeCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** POST /api/accounts/verify-email: the link's token alone, or e-mail and the code typed by hand. */
export const VerifyEmailRequest = z.union([
  z.object({ token: z.string().trim().min(1, m.verificationFailed).max(64).transform(normalizeCode) }),
  z.object({ email, code: z.string().trim().min(1, m.verificationFailed).max(64).transform(normalizeCode) }),
]);

export const ResendVerificationRequest = z.object({
  email: z
    .string({ error: m.resendEmailRequired })
    .trim()
    .min(1, m.resendEmailRequired)
    .max(254)
    .transform((v) => v.toLowerCase()),
});

export const ForgotPasswordRequest = z.object({ email });

export const ResetPasswordRequest = z.object({
  token: z
    .string({ error: m.resetCodeRequired })
    .trim()
    .min(1, m.resetCodeRequired)
    .max(64)
    .transform((v) => v.toUpperCase()),
  newPassword: password,
});

/** POST /api/account/password: the sign-up password rules for the new one. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: m.currentPasswordWrong }).min(1, m.currentPasswordWrong).max(MAX_PASSWORD_LENGTH, m.currentPasswordWrong),
  newPassword: password,
  /** Ends every other session of the account; this browser stays signed in. */
  revokeOtherSessions: z.boolean().default(false),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** The Settings form: the request plus a confirmation typed twice, checked with sign-up's message. */
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password'),
    newPassword: password,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ['confirmPassword'], message: m.passwordsDontMatch });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** Two-factor backup codes: how many set-up and regeneration make, and from how few the app warns. */
export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODES_LOW = 3;

/**
 * A backup code as shown (XXXXX-XXXXX, letters and digits, case kept: the codes are case-sensitive), typed with or
 * without the dash and surrounding spaces.
 */
export function normalizeBackupCode(code: string): string {
  const compact = code.replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : code.trim();
}

/** POST /api/account/two-factor/backup-codes: new codes, for the account's password. */
export const RegenerateBackupCodesRequest = z.object({
  password: z.string({ error: m.currentPasswordWrong }).min(1, m.currentPasswordWrong).max(MAX_PASSWORD_LENGTH, m.currentPasswordWrong),
});

export const SignOutScope = z.enum(['local', 'others', 'global']);
export type SignOutScope = z.infer<typeof SignOutScope>;

/** seed 001 §7.5 security-monitor. */
/** The largest `details` a client report may carry, as JSON. */
const SECURITY_EVENT_DETAILS_MAX = 4096;

/**
 * What a browser may report: a sign-in it completed, and a screen that broke. Sign-ins, their failures, two-factor
 * checks, resets and sign-outs are recorded by the server; anyone may post here, so a report must not read like them.
 */
export const CLIENT_SECURITY_EVENT_ACTIONS = ['login', 'client_error'] as const;

export const SecurityEventRequest = z
  .object({
    action: z.enum(CLIENT_SECURITY_EVENT_ACTIONS),
    resource: z.string().trim().max(200).optional(),
    status: z.enum(['success', 'failure', 'info']),
    // a client report is a few fields, not a payload: bounded so anonymous reports cannot grow the database
    details: z
      .record(z.string(), z.unknown())
      .refine((d) => JSON.stringify(d).length <= SECURITY_EVENT_DETAILS_MAX, `details must be at most ${SECURITY_EVENT_DETAILS_MAX} characters of JSON`)
      .optional(),
    timestamp: z.string().max(64).optional(),
    user_agent: z.string().max(500).optional(),
    page_url: z.string().max(2000).optional(),
  })
  .refine((e) => e.action !== 'login' || e.status === 'success', {
    path: ['status'],
    message: 'A browser reports only the sign-ins it completed; failed ones are recorded by the server',
  });
export type SecurityEventRequest = z.infer<typeof SecurityEventRequest>;
