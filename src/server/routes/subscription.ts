import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { requireUser, userOf } from '../http/require-user.js';
import { checkSubscription } from '../services/billing/billing-status.js';
import { contract } from '../http/contract.js';
import { SubscriptionCheck } from '@shared/api/billing.js';

const described = (summary: string) => contract({ summary, tag: 'billing', access: 'user', responses: { 200: SubscriptionCheck } });

/** seed 001 §7.5 check-subscription: { subscribed, subscription_tier } of the signed-in user, asked when the user menu opens. */
export const subscriptionRoute = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', described('Whether the user has a paid plan, and which'), async (c) => c.json(await checkSubscription(c.var.deps, userOf(c).id)))
  .post('/', described('Whether the user has a paid plan, and which (as POST, seed 001 §7.5)'), async (c) =>
    c.json(await checkSubscription(c.var.deps, userOf(c).id)),
  );
