/** Billing (/api/billing, /api/check-subscription, /api/webhooks/stripe): plans, checkout, portal and the test-mode pages. */
import { z } from 'zod';
import { IsoDateTime } from './common.js';

/** GET /api/billing: what the Billing tab and the payment success page show. */
export const BillingStatus = z
  .strictObject({
    mode: z.enum(['stripe', 'local']),
    subscription_status: z.string(),
    plan_name: z.string(),
    credits_remaining: z.number().int(),
    monthly_credits: z.number().int(),
    beta_access: z.boolean(),
    /** The plan comes from a complimentary grant. */
    complimentary: z.boolean(),
    credits_reset_at: IsoDateTime.nullable(),
    /** The plan the profile has through a payment subscription, a complimentary grant or beta access. */
    subscription: z
      .strictObject({
        source: z.enum(['stripe', 'local', 'complimentary', 'beta']),
        tier: z.string(),
        plan_name: z.string(),
        status: z.enum(['active', 'past_due', 'cancelled', 'expired']),
        current_period_end: IsoDateTime.nullable(),
        cancel_at_period_end: z.boolean(),
        expires_at: IsoDateTime.nullable(),
        amount: z.string().nullable(),
      })
      .nullable(),
    /** A paid subscription that keeps renewing under a higher complimentary plan (it is still billed). */
    paid_under: z
      .strictObject({ plan_name: z.string(), amount: z.string(), current_period_end: IsoDateTime.nullable(), cancel_at_period_end: z.boolean() })
      .nullable(),
    /** seed 000 §2: the subscription management card shows only with an active non-free paid subscription. */
    can_manage: z.boolean(),
    /** Plans that raise the monthly allowance; never one that would lower it (a beta user's 2000 credits). */
    upgrade_options: z.array(z.string()),
    has_company_name: z.boolean(),
    /** The country last given (checkout details, else sign-up), to pre-fill the checkout details. */
    country: z.string().nullable(),
  })
  .meta({ id: 'BillingStatus' });
export type BillingStatus = z.infer<typeof BillingStatus>;

/** GET /api/billing/checkout/:id: the truth behind a /payment-success link. */
export const CheckoutStatus = z
  .strictObject({
    id: z.string(),
    plan: z.string(),
    plan_name: z.string(),
    status: z.enum(['open', 'completed', 'failed', 'expired']),
    amount: z.string(),
    credits: z.number().int(),
    mode: z.enum(['stripe', 'local']),
  })
  .meta({ id: 'CheckoutStatus' });
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

/** seed 001 §7.5 check-subscription. */
export const SubscriptionCheck = z.strictObject({ subscribed: z.boolean(), subscription_tier: z.string() }).meta({ id: 'SubscriptionCheck' });
export type SubscriptionCheck = z.infer<typeof SubscriptionCheck>;

/** Where the browser goes next: a checkout, a portal or the payment-success page. */
export const RedirectUrl = z.strictObject({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrl>;

export const CheckoutIdParam = z.object({ id: z.string() });

/** The built-in checkout page of the local test mode. */
export const TestCheckout = z
  .strictObject({
    id: z.string(),
    plan: z.string(),
    plan_name: z.string(),
    amount: z.string(),
    status: z.string(),
    test_mode: z.string(),
  })
  .meta({ id: 'TestCheckout' });
export type TestCheckout = z.infer<typeof TestCheckout>;

/** The built-in customer portal of the local test mode. */
export const TestPortal = z
  .strictObject({
    plan: z.string(),
    plan_name: z.string(),
    amount: z.string(),
    status: z.string(),
    current_period_end: IsoDateTime.nullable(),
    cancel_at_period_end: z.boolean(),
    plans: z.array(z.strictObject({ plan: z.string(), plan_name: z.string(), amount: z.string() })),
    test_mode: z.string(),
  })
  .meta({ id: 'TestPortal' });
export type TestPortal = z.infer<typeof TestPortal>;

/** POST /api/webhooks/stripe: the raw event Stripe signed; answered once applied or already applied. */
export const StripeWebhookEvent = z.looseObject({ id: z.string(), type: z.string() });
export const WebhookReceived = z.strictObject({ received: z.boolean(), duplicate: z.boolean() });
export type WebhookReceived = z.infer<typeof WebhookReceived>;
