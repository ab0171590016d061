import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { messages } from '../../shared/messages.js';
import { CheckoutRequest, TestCheckoutOutcome, TestPortalAction } from '../../shared/billing.js';
import { openPortal, startCheckout } from '../services/billing/start-checkout.js';
import { getBillingStatus, getCheckoutStatus } from '../services/billing/billing-status.js';
import { applyTestPortalAction, completeTestCheckout, getTestCheckout, getTestPortal } from '../services/billing/test-checkout.js';

/**
 * /api/billing: plans and payment of the signed-in user. Every answer is the caller's own data; another user's
 * checkout id is not found.
 */
export const billingRoute = new Hono<AppEnv>()
  // seed 000 §6: subscribing while signed out
  .use('*', requireUser(messages.upgradeAuthRequired))
  .get('/', async (c) => c.json(await getBillingStatus(c.var.deps, userOf(c).id)))
  // seed 001 §7.5 create-checkout
  .post('/checkout', validate('json', CheckoutRequest), async (c) => {
    const body = c.req.valid('json');
    return c.json(await startCheckout(c.var.deps, userOf(c), body));
  })
  .get('/checkout/:id', async (c) => c.json(await getCheckoutStatus(c.var.deps, userOf(c).id, c.req.param('id'))))
  // seed 001 §7.5 customer-portal
  .post('/portal', async (c) => c.json(await openPortal(c.var.deps, userOf(c))))
  // local test mode only: the built-in checkout and portal pages
  .get('/test-checkout/:id', async (c) => c.json(await getTestCheckout(c.var.deps, userOf(c).id, c.req.param('id'))))
  .post('/test-checkout/:id', validate('json', TestCheckoutOutcome), async (c) =>
    c.json(await completeTestCheckout(c.var.deps, userOf(c), c.req.param('id'), c.req.valid('json').outcome)),
  )
  .get('/test-portal', async (c) => c.json(await getTestPortal(c.var.deps, userOf(c).id)))
  .post('/test-portal', validate('json', TestPortalAction), async (c) => c.json(await applyTestPortalAction(c.var.deps, userOf(c), c.req.valid('json'))));
