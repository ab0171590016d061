import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Webhook payloads shaped as Stripe documents them (event envelope, checkout.session, invoice with
 * parent.subscription_details and line periods, subscription with item periods), signed as Stripe signs them.
 */
const rid = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

const TEST_PRICES = { basic: 'price_test_basic', professional: 'price_test_professional', business: 'price_test_business' } as const;
const TEST_WEBHOOK_SECRET = 'whsec_test_renderlift_billing';

export const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_renderlift_billing',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_PRICE_BASIC: TEST_PRICES.basic,
  STRIPE_PRICE_PROFESSIONAL: TEST_PRICES.professional,
  STRIPE_PRICE_BUSINESS: TEST_PRICES.business,
};

function stripeEvent(type: string, object: Record<string, unknown>, created: Date, previous?: Record<string, unknown>) {
  return {
    id: rid('evt'),
    object: 'event',
    api_version: '2025-10-29.clover',
    created: secs(created),
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: rid('req'), idempotency_key: randomBytes(8).toString('hex') },
    type,
  };
}

export interface TestSub {
  userId: string;
  customer: string;
  subscription: string;
  plan: keyof typeof TEST_PRICES;
}

export const newTestSub = (userId: string, plan: keyof typeof TEST_PRICES): TestSub => ({ userId, plan, customer: rid('cus'), subscription: rid('sub') });

export function checkoutSessionCompleted(s: TestSub, now: Date, invoice: string, amount: number) {
  return stripeEvent(
    'checkout.session.completed',
    {
      id: rid('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: s.userId,
      customer: s.customer,
      subscription: s.subscription,
      invoice,
      amount_total: amount,
      amount_subtotal: amount,
      currency: 'eur',
      metadata: { userId: s.userId, plan: s.plan },
      success_url: 'https://renderlift.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
      created: secs(now),
    },
    now,
  );
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  s: TestSub,
  now: Date,
  o: { invoice?: string; amount: number; periodStart: Date; periodEnd: Date; reason?: string; nextAttempt?: Date },
) {
  const paid = type === 'invoice.paid';
  return stripeEvent(
    type,
    {
      id: o.invoice ?? rid('in'),
      object: 'invoice',
      customer: s.customer,
      currency: 'eur',
      amount_due: o.amount,
      amount_paid: paid ? o.amount : 0,
      amount_remaining: paid ? 0 : o.amount,
      attempt_count: 1,
      billing_reason: o.reason ?? 'subscription_cycle',
      status: paid ? 'paid' : 'open',
      next_payment_attempt: o.nextAttempt ? secs(o.nextAttempt) : null,
      period_start: secs(o.periodStart),
      period_end: secs(o.periodStart),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { userId: s.userId, plan: s.plan }, subscription: s.subscription },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: rid('il'),
            object: 'line_item',
            amount: o.amount,
            currency: 'eur',
            period: { start: secs(o.periodStart), end: secs(o.periodEnd) },
            pricing: { type: 'price_details', price_details: { price: TEST_PRICES[s.plan], product: rid('prod') }, unit_amount_decimal: String(o.amount) },
            quantity: 1,
          },
        ],
      },
    },
    now,
  );
}

export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  s: TestSub,
  now: Date,
  o: { status?: string; cancelAtPeriodEnd?: boolean; periodStart: Date; periodEnd: Date; previous?: Record<string, unknown> },
) {
  return stripeEvent(
    type,
    {
      id: s.subscription,
      object: 'subscription',
      customer: s.customer,
      status: o.status ?? 'active',
      cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
      cancel_at: o.cancelAtPeriodEnd ? secs(o.periodEnd) : null,
      canceled_at: o.cancelAtPeriodEnd || type === 'customer.subscription.deleted' ? secs(now) : null,
      ended_at: type === 'customer.subscription.deleted' ? secs(now) : null,
      currency: 'eur',
      metadata: { userId: s.userId, plan: s.plan },
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: rid('si'),
            object: 'subscription_item',
            current_period_start: secs(o.periodStart),
            current_period_end: secs(o.periodEnd),
            price: { id: TEST_PRICES[s.plan], object: 'price', currency: 'eur', recurring: { interval: 'month', interval_count: 1 } },
            quantity: 1,
          },
        ],
      },
    },
    now,
    o.previous,
  );
}

/** The Stripe-Signature header for a payload, at a given time (Stripe's own test helper). */
export function signatureFor(payload: string, at: Date, secret = TEST_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: secs(at) });
}
