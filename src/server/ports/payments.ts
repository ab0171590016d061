import type { CheckoutPlan } from '@shared/plans.js';
import type { BusinessInfo } from '@shared/billing.js';

/**
 * The payments port. Stripe in production, a built-in test checkout otherwise; both turn what happened into the
 * same internal events, and one service (services/billing/apply-payment-event.ts) applies them.
 */
export interface Payments {
  readonly mode: 'stripe' | 'local';
  /** A hosted checkout page for a new subscription; the browser is sent to `url`. */
  checkout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** A page where the customer changes plan, updates payment details or cancels. */
  portal(input: PortalInput): Promise<{ url: string }>;
  /** A page confirming a move of an existing subscription to another plan. */
  changePlan(input: ChangePlanInput): Promise<{ url: string }>;
  /** Verifies a webhook delivery on its raw body and turns it into an internal event. Throws WebhookRejected. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined, receivedAt: Date): Promise<PaymentEvent>;
  /** Only in local test mode: the events its built-in checkout and portal pages produce. */
  readonly testMode?: TestModeEvents;
  /** Ends a subscription at once (account deletion). */
  cancelNow(subscriptionId: string): Promise<void>;
}

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: CheckoutPlan;
  /** The provider's customer from an earlier subscription, reused so the customer keeps one history. */
  customerId: string | null;
  business: BusinessInfo | null;
  /** Where the provider sends the browser after payment; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  customerId: string;
  subscriptionId: string | null;
  returnUrl: string;
}

export interface ChangePlanInput {
  userId: string;
  customerId: string;
  subscriptionId: string;
  plan: CheckoutPlan;
  returnUrl: string;
  successUrl: string;
}

/** Provider subscription states as they bear on access. */
export type ProviderSubscriptionStatus = 'active' | 'past_due' | 'cancelled' | 'ended';

interface EventBase {
  /** The provider's event id: applied once, a replay changes nothing. */
  id: string;
  /** The user when the provider carries it (checkout reference, subscription metadata). */
  userId: string | null;
  customerId: string | null;
}

export type PaymentEvent =
  | (EventBase & {
      type: 'checkout.completed';
      sessionId: string;
      subscriptionId: string;
      plan: CheckoutPlan | null;
      invoiceId: string | null;
      amountCents: number | null;
      periodEnd: Date | null;
    })
  | (EventBase & {
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string;
      plan: CheckoutPlan | null;
      amountCents: number;
      periodEnd: Date | null;
      /** The subscription's first invoice (the purchase itself): its checkout's confirmation is the one e-mail. */
      firstOfSubscription?: boolean;
    })
  | (EventBase & {
      type: 'payment.failed';
      invoiceId: string;
      subscriptionId: string;
      amountCents: number;
      nextAttempt: Date | null;
    })
  | (EventBase & {
      type: 'subscription.updated';
      subscriptionId: string;
      plan: CheckoutPlan | null;
      status: ProviderSubscriptionStatus;
      periodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
    })
  | (EventBase & {
      type: 'subscription.deleted';
      subscriptionId: string;
      /** Access lasts until this moment (seed 000 §4). */
      periodEnd: Date | null;
    })
  | (EventBase & { type: 'ignored'; providerType: string });

/** A webhook delivery that must not be applied: bad signature, stale timestamp, or no webhooks in this mode. */
export class WebhookRejected extends Error {
  constructor(
    message: string,
    public readonly status: 400 | 404 = 400,
  ) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

export interface TestSubscription {
  subscriptionId: string;
  customerId: string;
  userId: string;
  plan: CheckoutPlan;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** The local adapter's event factories: what Stripe would send for the same step, in the same shapes. */
export interface TestModeEvents {
  /** A test checkout paid: the checkout and the first invoice. */
  checkoutPaid(input: { sessionId: string; userId: string; plan: CheckoutPlan; amountCents: number; subscriptionId: string | null; now: Date }): PaymentEvent[];
  /** A plan change confirmed on the test change page. */
  planChanged(sub: TestSubscription, plan: CheckoutPlan, now: Date): PaymentEvent[];
  cancelled(sub: TestSubscription, now: Date): PaymentEvent[];
  reactivated(sub: TestSubscription, now: Date): PaymentEvent[];
  /** A billing period ended: renewal (invoice paid) or, when cancelling, the end of the subscription. */
  periodEnded(sub: TestSubscription, amountCents: number, now: Date): PaymentEvent[];
}
