import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { requireUser, userOf } from '../http/require-user.js';
import { checkSubscription } from '../services/billing/billing-status.js';

/** seed 001 §7.5 check-subscription: { subscribed, subscription_tier } of the signed-in user, asked when the user menu opens. */
export const subscriptionRoute = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', async (c) => c.json(await checkSubscription(c.var.deps, userOf(c).id)))
  .post('/', async (c) => c.json(await checkSubscription(c.var.deps, userOf(c).id)));
