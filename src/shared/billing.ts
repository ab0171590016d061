import { z } from 'zod';
import { messages } from './messages.js';
import { checkVatId } from './accounts/vat.js';
import { CHECKOUT_PLANS } from './plans.js';

/** seed 000 §3: checkout business types and industries (value, label). */
export const CHECKOUT_BUSINESS_TYPES = [
  { value: 'corporation', label: 'Corporation' },
  { value: 'llc', label: 'LLC' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'sole-proprietorship', label: 'Sole Proprietorship' },
  { value: 'other', label: 'Other' },
] as const;

export const CHECKOUT_INDUSTRIES = [
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'finance', label: 'Finance' },
  { value: 'education', label: 'Education' },
  { value: 'retail', label: 'Retail' },
  { value: 'other', label: 'Other' },
] as const;

/** seed 000 §3: "about 65 ISO codes in checkout and profile forms". */
export const CHECKOUT_COUNTRIES = [
  { code: 'AR', name: 'Argentina' },
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'CA', name: 'Canada' },
  { code: 'CL', name: 'Chile' },
  { code: 'CN', name: 'China' },
  { code: 'CO', name: 'Colombia' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czech Republic' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EG', name: 'Egypt' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IS', name: 'Iceland' },
  { code: 'IN', name: 'India' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IL', name: 'Israel' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'South Korea' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LI', name: 'Liechtenstein' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'MT', name: 'Malta' },
  { code: 'MX', name: 'Mexico' },
  { code: 'MA', name: 'Morocco' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'NO', name: 'Norway' },
  { code: 'PE', name: 'Peru' },
  { code: 'PH', name: 'Philippines' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'RS', name: 'Serbia' },
  { code: 'SG', name: 'Singapore' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'TH', name: 'Thailand' },
  { code: 'TR', name: 'Turkey' },
  { code: 'UA', name: 'Ukraine' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'UY', name: 'Uruguay' },
  { code: 'VN', name: 'Vietnam' },
] as const;

export const COUNTRY_CODES: readonly string[] = CHECKOUT_COUNTRIES.map((c) => c.code);

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** seed 000 §3 customer info form: company name required if business, country always, VAT ID optional and validated. */
export const BusinessInfo = z
  .object({
    isBusiness: z.boolean().default(false),
    companyName: optional(200),
    vatId: optional(32).transform((v) => (v ? v.toUpperCase() : undefined)),
    businessType: z.enum(CHECKOUT_BUSINESS_TYPES.map((t) => t.value) as [string, ...string[]]).optional(),
    industry: z.enum(CHECKOUT_INDUSTRIES.map((t) => t.value) as [string, ...string[]]).optional(),
    country: z
      .string({ error: messages.countryRequired })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v.length > 0, messages.countryRequired)
      .refine((v) => v.length === 0 || COUNTRY_CODES.includes(v), messages.countryRequired),
  })
  .superRefine((info, ctx) => {
    if (info.isBusiness && !info.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: messages.companyRequiredBusiness });
    }
    if (info.vatId && info.country && !checkVatId(info.vatId, info.country).valid) {
      ctx.addIssue({ code: 'custom', path: ['vatId'], message: messages.vatInvalid });
    }
  });
export type BusinessInfoInput = z.input<typeof BusinessInfo>;
export type BusinessInfo = z.output<typeof BusinessInfo>;

/** seed 001 §7.5 create-checkout: plan and, when the details dialog was shown, its answers. */
export const CheckoutRequest = z.object({
  plan: z.enum(['basic', 'professional', 'pro', 'business', 'enterprise']),
  businessInfo: BusinessInfo.optional(),
});
export type CheckoutRequest = z.input<typeof CheckoutRequest>;

export const TestCheckoutOutcome = z.object({ outcome: z.enum(['success', 'decline']) });

export const TestPortalAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change'), plan: z.enum(CHECKOUT_PLANS as unknown as [string, ...string[]]) }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('reactivate') }),
]);
export type TestPortalAction = z.infer<typeof TestPortalAction>;

/** The billing answers: their schemas live in ./api/billing.ts. */
export type { BillingStatus, CheckoutStatus, SubscriptionCheck } from './api/billing.js';

/** Labels of the billing screens (seed 000 §2) and the built-in test checkout. */
export const billingText = {
  testMode: 'Test mode — no real payment',
  currentPlan: 'Current Plan',
  contactSales: 'Contact Sales',
  pricingFootnote: 'All plans include secure payment processing and can be cancelled anytime.',
  /** On arrival from /enhance without a paid plan (seed 000 §2: unpaid goes to /pricing). */
  paidPlanRequired: 'The workspace needs a paid plan. Your account is on Free: choose a plan below to start enhancing your renders.',
  noCharge: 'No charge',
  betaAccessPrice: 'Beta access · no charge',
  complimentaryPrice: 'Complimentary · no charge',
  deleteCancelsSubscription: 'Your {plan} subscription is cancelled with the account: no further payments are taken.',
  signupSubtitle: 'Create your account, then choose a plan to start enhancing.',
  paymentSuccessful: 'Payment Successful',
  startEnhancing: 'Start Enhancing Images',
  refreshAccount: 'Refresh Account',
  viewCredits: 'View Credits',
  viewSubscription: 'View Subscription',
  cardDeclined: 'Your card was declined. No payment was taken and your plan has not changed.',
  enterpriseContactOnly: 'Enterprise plans are arranged with our sales team.',
  paymentsUnavailable: 'Payments are not configured on this server.',
  noSubscription: 'There is no subscription to manage.',
} as const;
