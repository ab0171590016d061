import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { messages } from '@shared/messages.js';
import { CheckoutRequest, TestCheckoutOutcome, TestPortalAction } from '@shared/billing.js';
import { openPortal, startCheckout } from '../services/billing/start-checkout.js';
import { getBillingStatus, getCheckoutStatus } from '../services/billing/billing-status.js';
import { contract, type RouteContract } from '../http/contract.js';
import { BillingStatus, CheckoutIdParam, CheckoutStatus, RedirectUrl, TestCheckout, TestPortal } from '@shared/api/billing.js';
import { applyTestPortalAction, completeTestCheckout, getTestCheckout, getTestPortal } from '../services/billing/test-checkout.js';

/**
 * /api/billing: plans and payment of the signed-in user. Every answer is the caller's own data; another user's
 * checkout id is not found.
 */
const doc = (summary: string, responses: RouteContract['responses']) => contract({ summary, tag: 'billing', access: 'user', responses });

export const billingRoute = new Hono<AppEnv>()
  // seed 000 §6: subscribing while signed out
  .use('*', requireUser(messages.upgradeAuthRequired))
  .get('/', doc('Plan, credits and what the user can change', { 200: BillingStatus }), async (c) => c.json(await getBillingStatus(c.var.deps, userOf(c).id)))
  // seed 001 §7.5 create-checkout
  .post('/checkout', doc('Start a checkout (or a plan change) for a plan', { 200: RedirectUrl }), validate('json', CheckoutRequest), async (c) => {
    const body = c.req.valid('json');
    return c.json(await startCheckout(c.var.deps, userOf(c), body));
  })
  .get('/checkout/:id', doc('How a checkout ended', { 200: CheckoutStatus }), validate('param', CheckoutIdParam), async (c) =>
    c.json(await getCheckoutStatus(c.var.deps, userOf(c).id, c.req.valid('param').id)),
  )
  // seed 001 §7.5 customer-portal
  .post('/portal', doc('Open the customer portal', { 200: RedirectUrl }), async (c) => c.json(await openPortal(c.var.deps, userOf(c))))
  // local test mode only: the built-in checkout and portal pages
  .get('/test-checkout/:id', doc('Test mode: the built-in checkout page', { 200: TestCheckout }), validate('param', CheckoutIdParam), async (c) =>
    c.json(await getTestCheckout(c.var.deps, userOf(c).id, c.req.valid('param').id)),
  )
  .post(
    '/test-checkout/:id',
    doc('Test mode: pay or decline a checkout', { 200: RedirectUrl }),
    validate('param', CheckoutIdParam),
    validate('json', TestCheckoutOutcome),
    async (c) => c.json(await completeTestCheckout(c.var.deps, userOf(c), c.req.valid('param').id, c.req.valid('json').outcome)),
  )
  .get('/test-portal', doc('Test mode: the built-in customer portal', { 200: TestPortal }), async (c) => c.json(await getTestPortal(c.var.deps, userOf(c).id)))
  .post('/test-portal', doc('Test mode: change plan, cancel or reactivate', { 200: TestPortal }), validate('json', TestPortalAction), async (c) =>
    c.json(await applyTestPortalAction(c.var.deps, userOf(c), c.req.valid('json'))),
  );
