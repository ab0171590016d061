import Stripe from 'stripe';
import type { CheckoutPlan } from '@shared/plans.js';
import { isCheckoutPlan } from '@shared/plans.js';
import type { PaymentEvent, Payments, ProviderSubscriptionStatus } from '@server/ports/payments.js';
import { WebhookRejected } from '@server/ports/payments.js';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  prices: Record<CheckoutPlan, string | undefined>;
  /** Seconds a signed delivery stays acceptable (Stripe's own default is 300). */
  toleranceSeconds: number;
  /** Another API address (a test double); absent means api.stripe.com. */
  apiUrl?: string;
}

// EU VAT numbers and the UK's have Stripe tax id types of their own; other numbers stay in the customer's metadata
const EU = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));

type Obj = Record<string, any>;
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? (v as Obj).id : null;
const dateOf = (seconds: unknown): Date | null => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null);

/**
 * Stripe Checkout (subscription mode), the Customer Portal and signed webhooks. Webhook objects are read in both the
 * current API shape (period on subscription items, invoice.parent.subscription_details) and the older one
 * (subscription.current_period_end, invoice.subscription), so an account pinned to an older API version works too.
 */
export function createStripePayments(opts: StripePaymentsOptions): Payments {
  const api = opts.apiUrl ? new URL(opts.apiUrl) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? { host: api.hostname, port: api.port || (api.protocol === 'http:' ? 80 : 443), protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
  const planByPrice = new Map<string, CheckoutPlan>();
  for (const [plan, price] of Object.entries(opts.prices)) if (price) planByPrice.set(price, plan as CheckoutPlan);

  const priceFor = (plan: CheckoutPlan) => {
    const price = opts.prices[plan];
    if (!price) throw new Error(`no Stripe price configured for the ${plan} plan (STRIPE_PRICE_${plan.toUpperCase()})`);
    return price;
  };

  /** The plan of a price id, else the plan our checkout wrote into the metadata. */
  const planOf = (priceId: string | null, metadata: Obj | null | undefined): CheckoutPlan | null => {
    if (priceId && planByPrice.has(priceId)) return planByPrice.get(priceId)!;
    const fromMeta = String(metadata?.plan ?? '');
    return isCheckoutPlan(fromMeta) ? fromMeta : fromMeta === 'pro' ? 'professional' : null;
  };

  const subscriptionStatus = (status: string): ProviderSubscriptionStatus => {
    switch (status) {
      case 'active':
      case 'trialing':
        return 'active';
      case 'past_due':
        return 'past_due';
      case 'canceled':
        return 'cancelled';
      default:
        // incomplete, incomplete_expired, unpaid, paused: nothing paid for this period
        return 'ended';
    }
  };

  function toEvent(event: Stripe.Event): PaymentEvent {
    const o = event.data.object as unknown as Obj;
    const base = { id: event.id };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        // a delayed payment method completes the session unpaid; its async_payment_succeeded event follows
        if (o.mode !== 'subscription' || o.payment_status === 'unpaid' || !idOf(o.subscription)) break;
        return {
          ...base,
          type: 'checkout.completed',
          userId: o.client_reference_id ?? o.metadata?.userId ?? null,
          customerId: idOf(o.customer),
          sessionId: o.id,
          subscriptionId: idOf(o.subscription)!,
          plan: planOf(null, o.metadata),
          invoiceId: idOf(o.invoice),
          amountCents: typeof o.amount_total === 'number' ? o.amount_total : null,
          periodEnd: null,
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const details = o.parent?.subscription_details ?? null;
        const subscriptionId = idOf(details?.subscription) ?? idOf(o.subscription);
        if (!subscriptionId) break;
        const metadata = details?.metadata ?? o.subscription_details?.metadata ?? null;
        const line = (o.lines?.data ?? []).find((l: Obj) => l.period?.end) ?? o.lines?.data?.[0];
        const priceId = idOf(line?.pricing?.price_details?.price) ?? idOf(line?.price);
        const common = { ...base, userId: metadata?.userId ?? null, customerId: idOf(o.customer), invoiceId: o.id as string, subscriptionId };
        if (event.type === 'invoice.paid') {
          return {
            ...common,
            type: 'invoice.paid',
            plan: planOf(priceId, metadata),
            amountCents: o.amount_paid ?? 0,
            periodEnd: dateOf(line?.period?.end) ?? dateOf(o.period_end),
            firstOfSubscription: o.billing_reason === 'subscription_create',
          };
        }
        return { ...common, type: 'payment.failed', amountCents: o.amount_due ?? 0, nextAttempt: dateOf(o.next_payment_attempt) };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const item = o.items?.data?.[0];
        const periodEnd = dateOf(item?.current_period_end) ?? dateOf(o.current_period_end);
        const common = { ...base, userId: o.metadata?.userId ?? null, customerId: idOf(o.customer), subscriptionId: o.id as string };
        if (event.type === 'customer.subscription.deleted') {
          // access lasts to the end of the period paid for, even when the subscription was ended early
          return { ...common, type: 'subscription.deleted', periodEnd: periodEnd ?? dateOf(o.ended_at) };
        }
        return {
          ...common,
          type: 'subscription.updated',
          plan: planOf(idOf(item?.price), o.metadata),
          status: subscriptionStatus(o.status),
          periodEnd,
          cancelAtPeriodEnd: Boolean(o.cancel_at_period_end) || (o.cancel_at != null && o.status !== 'canceled'),
        };
      }
    }
    return { ...base, type: 'ignored', providerType: event.type, userId: null, customerId: null };
  }

  return {
    mode: 'stripe',
    async checkout(input) {
      const business = input.business;
      let customerId = input.customerId;
      if (!customerId) {
        const vat = business?.vatId;
        const taxType = vat && business ? (EU.has(business.country) ? 'eu_vat' : business.country === 'GB' ? 'gb_vat' : null) : null;
        const customer = await stripe.customers.create({
          email: input.email,
          ...(business?.isBusiness && business.companyName ? { name: business.companyName } : {}),
          ...(business ? { address: { country: business.country } } : {}),
          ...(vat && taxType ? { tax_id_data: [{ type: taxType, value: vat }] } : {}),
          metadata: {
            userId: input.userId,
            ...(vat && !taxType ? { vat_id: vat } : {}),
            ...(business?.businessType ? { business_type: business.businessType } : {}),
            ...(business?.industry ? { industry: business.industry } : {}),
          },
        });
        customerId = customer.id;
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: input.userId,
        line_items: [{ price: priceFor(input.plan), quantity: 1 }],
        metadata: { userId: input.userId, plan: input.plan },
        subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        tax_id_collection: { enabled: true },
        customer_update: { name: 'auto', address: 'auto' },
        allow_promotion_codes: true,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async portal(input) {
      const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
      return { url: session.url };
    },
    async changePlan(input) {
      const subscription = await stripe.subscriptions.retrieve(input.subscriptionId);
      const item = subscription.items.data[0];
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        flow_data: {
          type: 'subscription_update_confirm',
          subscription_update_confirm: { subscription: input.subscriptionId, items: [{ id: item.id, price: priceFor(input.plan), quantity: 1 }] },
          after_completion: { type: 'redirect', redirect: { return_url: input.successUrl } },
        },
      });
      return { url: session.url };
    },
    async parseWebhook(rawBody, signatureHeader, receivedAt) {
      if (!opts.webhookSecret) throw new WebhookRejected('STRIPE_WEBHOOK_SECRET is not set; webhooks cannot be verified.', 400);
      if (!signatureHeader) throw new WebhookRejected('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, opts.webhookSecret, opts.toleranceSeconds, undefined, receivedAt.getTime());
      } catch (err) {
        throw new WebhookRejected(err instanceof Error ? err.message.split('\n')[0] : 'Invalid signature');
      }
      return toEvent(event);
    },
    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
  };
}
