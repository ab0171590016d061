import { z } from 'zod';
import { messages } from './messages.js';
import { checkVatId } from './accounts/vat.js';
import { CHECKOUT_PLANS } from './plans.js';
import { isCountryCode } from './countries.js';
import { COMPANY_NAME_MAX, tooLong } from './accounts/names.js';

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

const optional = (max: number, tooLongMessage?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .optional()
    .transform((v) => (v ? v : undefined));

/** seed 000 §3 customer info form: company name required if business, country always, VAT ID optional and validated. */
export const BusinessInfo = z
  .object({
    isBusiness: z.boolean().default(false),
    companyName: optional(COMPANY_NAME_MAX, tooLong('Company name', COMPANY_NAME_MAX)),
    vatId: optional(32).transform((v) => (v ? v.toUpperCase() : undefined)),
    businessType: z.enum(CHECKOUT_BUSINESS_TYPES.map((t) => t.value) as [string, ...string[]]).optional(),
    industry: z.enum(CHECKOUT_INDUSTRIES.map((t) => t.value) as [string, ...string[]]).optional(),
    country: z
      .string({ error: messages.countryRequired })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v.length > 0, messages.countryRequired)
      .refine((v) => v.length === 0 || isCountryCode(v), messages.countryRequired),
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
