/**
 * Profile Settings (seed 000 §2 Profile tab and Credits tab, §3 profiles and business_customers with the profile
 * form's option lists, §5 profile business form; seed 001 §9 credits bar and recent activity).
 */
import { z } from 'zod';
import { messages } from './messages.js';
import { checkVatId } from './accounts/vat.js';
import { isCountryCode } from './countries.js';
import { companyNameSchema, firstNameSchema, lastNameSchema } from './accounts/names.js';
import { SIGNUP_INDUSTRIES } from './accounts/signup-options.js';

export { NAME_MAX } from './accounts/names.js';

/** The names the profile saves: the sign-up's rules, so a name once required cannot be saved empty. */
export const ProfileUpdate = z.object({ first_name: firstNameSchema, last_name: lastNameSchema });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** seed 000 §3: the profile form's business types and industries. */
export const PROFILE_BUSINESS_TYPES = ['Corporation', 'LLC', 'Partnership', 'Sole Proprietorship', 'Non-profit', 'Government', 'Other'] as const;
/** The profile form's industries are the sign-up's (seed 000 §3 gives one list). */
export const PROFILE_INDUSTRIES = SIGNUP_INDUSTRIES;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null);

/** seed 000 §5: company_name and country_code required; the VAT ID, when given, valid for the country. */
export const BusinessProfileInput = z
  .object({
    company_name: companyNameSchema(messages.companyRequired),
    vat_id: optionalText(32).transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null)),
    country_code: z.string({ error: messages.countryRequired }).trim().toUpperCase().refine(isCountryCode, messages.countryRequired),
    business_type: z
      .enum(PROFILE_BUSINESS_TYPES)
      .nullish()
      .transform((v) => v ?? null),
    industry: z
      .enum(PROFILE_INDUSTRIES)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((b, ctx) => {
    if (b.vat_id && !checkVatId(b.vat_id, b.country_code).valid) ctx.addIssue({ code: 'custom', path: ['vat_id'], message: messages.vatInvalid });
  });
export type BusinessProfileInput = z.input<typeof BusinessProfileInput>;
export type BusinessProfileData = z.output<typeof BusinessProfileInput>;

/** seed 001 §9: recent activity shows 10 jobs. */
export const RECENT_ACTIVITY_LIMIT = 10;

export const LEDGER_REASONS = [
  'signup',
  'reserve',
  'release',
  'charge',
  'monthly_reset',
  'plan_change',
  'complimentary',
  'beta',
  'expiry',
  'purchase',
  'adjustment',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  signup: 'Welcome credits',
  reserve: 'Reserved for a job',
  release: 'Returned (job failed or cancelled)',
  charge: 'Charged for a finished job',
  monthly_reset: 'Monthly reset',
  plan_change: 'Plan change',
  complimentary: 'Complimentary plan',
  beta: 'Beta access',
  expiry: 'Plan expired',
  purchase: 'Purchase',
  adjustment: 'Adjustment',
};

/**
 * A ledger row's words. Credits leave the balance when a job is reserved; its finishing charge moves nothing (delta
 * 0), so that row says the reservation was kept rather than "Charged" with a 0 beside it.
 */
export function ledgerLabel(e: { reason: string; delta: number }): string {
  if (e.reason === 'charge' && e.delta === 0) return LEDGER_CHARGE_OF_RESERVED;
  return LEDGER_REASON_LABELS[e.reason as LedgerReason] ?? e.reason;
}
export const LEDGER_CHARGE_OF_RESERVED = 'Job finished: its reserved credits were spent';

export const LEDGER_PAGE_SIZE = 25;
