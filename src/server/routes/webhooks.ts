import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { AppError } from '../errors.js';
import { WebhookRejected } from '../ports/payments.js';
import { applyPaymentEvent } from '../services/billing/apply-payment-event.js';
import { contract } from '../http/contract.js';
import { StripeWebhookEvent, WebhookReceived } from '@shared/api/billing.js';

/**
 * POST /api/webhooks/stripe. The signature covers the exact bytes Stripe sent, so the body is read raw, never parsed
 * first. A rejected delivery answers 400 (Stripe retries it); an applied or already applied one answers 200.
 */
const stripeWebhook = contract({
  summary: 'Stripe’s signed payment events',
  description: 'Authenticated by the Stripe-Signature header over the raw body, not by a session.',
  tag: 'billing',
  access: 'public',
  body: { media: 'application/json', schema: StripeWebhookEvent },
  responses: { 200: WebhookReceived },
});

export const webhooksRoute = new Hono<AppEnv>().post('/stripe', stripeWebhook, async (c) => {
  const deps = c.var.deps;
  const raw = await c.req.text();
  let event;
  try {
    event = await deps.payments.parseWebhook(raw, c.req.header('stripe-signature'), deps.clock());
  } catch (err) {
    if (err instanceof WebhookRejected) {
      c.var.log.warn({ reason: err.message }, 'webhook rejected');
      throw new AppError(err.status === 404 ? 'NOT_FOUND' : 'INVALID_WEBHOOK', err.status, err.message);
    }
    throw err;
  }
  const result = await applyPaymentEvent(deps, event);
  return c.json({ received: true, duplicate: !result.applied });
});
