import { and, eq } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import { checkoutSessions } from '@server/db/schema.js';
import { AppError, notFound } from '@server/errors.js';
import type { TestModeEvents, TestSubscription } from '@server/ports/payments.js';
import { billingText, type TestPortalAction } from '@shared/billing.js';
import { CHECKOUT_PLANS, formatEuro, planFor, planName, priceCents, type CheckoutPlan } from '@shared/plans.js';
import { applyPaymentEvent, tierOfPlan } from './apply-payment-event.js';
import { currentPaidSubscription } from './start-checkout.js';
import type { GrantRow } from './entitlement.js';

type BillingDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger' | 'events' | 'payments'>;

function testMode(deps: Pick<Deps, 'payments'>): TestModeEvents {
  // Stripe mode has no test pages: their addresses do not exist there
  if (!deps.payments.testMode) throw notFound('Not found');
  return deps.payments.testMode;
}

async function ownSession(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)));
  if (!row) throw notFound('Checkout not found');
  return row;
}

const checkoutPlanOf = (tier: string | null): CheckoutPlan => {
  const key = planFor(tier)?.key;
  return key === 'professional' || key === 'business' ? key : 'basic';
};

/** What the test checkout page shows: the plan and the amount. */
export async function getTestCheckout(deps: Pick<Deps, 'db' | 'payments'>, userId: string, id: string) {
  testMode(deps);
  const row = await ownSession(deps, userId, id);
  return {
    id: row.id,
    plan: checkoutPlanOf(row.plan),
    plan_name: planName(row.plan),
    amount: formatEuro(row.amountCents),
    status: row.status,
    test_mode: billingText.testMode,
  };
}

/**
 * The test checkout's Pay or Decline. Pay produces the checkout and first-invoice events Stripe would send; a decline,
 * like a declined card in Stripe Checkout, leaves the session open and changes nothing.
 */
export async function completeTestCheckout(deps: BillingDeps, user: SessionUser, id: string, outcome: 'success' | 'decline') {
  const events = testMode(deps);
  const row = await ownSession(deps, user.id, id);
  if (row.status === 'completed') return { url: successUrl(row.id) };
  if (row.status !== 'open') throw new AppError('CHECKOUT_CLOSED', 409, 'This checkout is no longer open.');
  if (outcome === 'decline') throw new AppError('CARD_DECLINED', 402, billingText.cardDeclined);
  // claimed first, so a double click pays once
  const [claimed] = await deps.db
    .update(checkoutSessions)
    .set({ status: 'completed', completedAt: deps.clock() })
    .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  if (!claimed) return { url: successUrl(row.id) };
  const plan = checkoutPlanOf(row.plan);
  try {
    const current = await currentPaidSubscription(deps, user.id);
    for (const event of events.checkoutPaid({
      sessionId: row.id,
      userId: user.id,
      plan,
      amountCents: row.amountCents,
      subscriptionId: current?.stripeSubscriptionId ?? null,
      now: deps.clock(),
    })) {
      await applyPaymentEvent(deps, event);
    }
  } catch (err) {
    await deps.db.update(checkoutSessions).set({ status: 'open', completedAt: null }).where(eq(checkoutSessions.id, row.id));
    throw err;
  }
  return { url: successUrl(row.id) };
}

const successUrl = (id: string) => `/payment-success?type=subscription&session_id=${encodeURIComponent(id)}&success=true`;

const asTestSubscription = (g: GrantRow): TestSubscription => ({
  subscriptionId: g.stripeSubscriptionId!,
  customerId: g.stripeCustomerId ?? `cus_local_${g.userId}`,
  userId: g.userId,
  plan: checkoutPlanOf(g.tier),
  periodEnd: g.currentPeriodEnd,
  cancelAtPeriodEnd: g.cancelAtPeriodEnd,
});

async function ownTestSubscription(deps: Pick<Deps, 'db'>, userId: string) {
  const g = await currentPaidSubscription(deps, userId);
  if (!g?.stripeSubscriptionId?.startsWith('sub_local_')) throw new AppError('NO_SUBSCRIPTION', 404, billingText.noSubscription);
  return g;
}

/** The test portal: the subscription and the plans it can move to. */
export async function getTestPortal(deps: Pick<Deps, 'db' | 'payments'>, userId: string) {
  testMode(deps);
  const g = await ownTestSubscription(deps, userId);
  return {
    plan: checkoutPlanOf(g.tier),
    plan_name: planName(g.tier),
    amount: formatEuro(priceCents(checkoutPlanOf(g.tier)) ?? 0),
    status: g.status,
    current_period_end: g.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: g.cancelAtPeriodEnd,
    plans: CHECKOUT_PLANS.map((p) => ({ plan: p, plan_name: planName(p), amount: formatEuro(priceCents(p) ?? 0) })),
    test_mode: billingText.testMode,
  };
}

/** Change plan, cancel at period end or reactivate: the subscription.updated events Stripe's portal causes. */
export async function applyTestPortalAction(deps: BillingDeps, user: SessionUser, action: TestPortalAction) {
  const events = testMode(deps);
  const g = await ownTestSubscription(deps, user.id);
  const sub = asTestSubscription(g);
  const now = deps.clock();
  const list =
    action.action === 'change'
      ? tierOfPlan(action.plan as CheckoutPlan) === g.tier
        ? []
        : events.planChanged(sub, action.plan as CheckoutPlan, now)
      : action.action === 'cancel'
        ? events.cancelled(sub, now)
        : events.reactivated(sub, now);
  for (const event of list) await applyPaymentEvent(deps, event);
  return getTestPortal(deps, user.id);
}
