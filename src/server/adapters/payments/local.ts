import { randomBytes } from 'node:crypto';
import type { Payments, PaymentEvent, TestModeEvents, TestSubscription } from '@server/ports/payments.js';
import { WebhookRejected } from '@server/ports/payments.js';

const rid = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export const addMonths = (d: Date, n = 1) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + n);
  return next;
};

/**
 * Local test mode (no STRIPE_SECRET_KEY): checkout and portal are pages of this app. Paying there produces the
 * events a Stripe subscription produces, so the rest of billing cannot tell the difference.
 */
export function createLocalPayments(opts: { baseUrl: string }): Payments {
  const testMode: TestModeEvents = {
    checkoutPaid({ sessionId, userId, plan, amountCents, subscriptionId, now }): PaymentEvent[] {
      const sub = subscriptionId ?? rid('sub');
      const customerId = `cus_local_${userId}`;
      const invoiceId = rid('in');
      const periodEnd = addMonths(now);
      return [
        { id: rid('evt'), type: 'checkout.completed', userId, customerId, sessionId, subscriptionId: sub, plan, invoiceId, amountCents, periodEnd },
        { id: rid('evt'), type: 'invoice.paid', userId, customerId, invoiceId, subscriptionId: sub, plan, amountCents, periodEnd, firstOfSubscription: true },
      ];
    },
    planChanged(s, plan) {
      return [updated(s, { plan })];
    },
    cancelled(s) {
      return [updated(s, { cancelAtPeriodEnd: true })];
    },
    reactivated(s) {
      return [updated(s, { cancelAtPeriodEnd: false })];
    },
    periodEnded(s, amountCents, now) {
      if (s.cancelAtPeriodEnd) {
        return [
          {
            id: rid('evt'),
            type: 'subscription.deleted',
            userId: s.userId,
            customerId: s.customerId,
            subscriptionId: s.subscriptionId,
            periodEnd: s.periodEnd ?? now,
          },
        ];
      }
      // the next period starts where the last one ended, as a subscription's billing anniversary does
      let periodEnd = addMonths(s.periodEnd ?? now);
      while (periodEnd.getTime() <= now.getTime()) periodEnd = addMonths(periodEnd);
      return [
        {
          id: rid('evt'),
          type: 'invoice.paid',
          userId: s.userId,
          customerId: s.customerId,
          invoiceId: rid('in'),
          subscriptionId: s.subscriptionId,
          plan: s.plan,
          amountCents,
          periodEnd,
        },
      ];
    },
  };

  function updated(s: TestSubscription, change: Partial<Pick<TestSubscription, 'plan' | 'cancelAtPeriodEnd'>>): PaymentEvent {
    return {
      id: rid('evt'),
      type: 'subscription.updated',
      userId: s.userId,
      customerId: s.customerId,
      subscriptionId: s.subscriptionId,
      plan: change.plan ?? s.plan,
      status: 'active',
      periodEnd: s.periodEnd,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? s.cancelAtPeriodEnd,
    };
  }

  return {
    mode: 'local',
    testMode,
    async checkout() {
      const sessionId = rid('cs');
      return { sessionId, url: `${opts.baseUrl}/checkout-test/${sessionId}` };
    },
    async portal() {
      return { url: `${opts.baseUrl}/checkout-test/portal` };
    },
    async changePlan(input) {
      return { url: `${opts.baseUrl}/checkout-test/portal?plan=${encodeURIComponent(input.plan)}` };
    },
    async parseWebhook() {
      throw new WebhookRejected('Payments run in local test mode; there is no payment provider to send webhooks.', 404);
    },
    async cancelNow() {
      // nothing outside this database knows a local subscription
    },
  };
}
