import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import { checkoutSessions, planGrants } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { messages } from '@shared/messages.js';
import { billingText, type BusinessInfo } from '@shared/billing.js';
import { planFor, priceCents, type CheckoutPlan } from '@shared/plans.js';
import { saveBusinessInfo } from './save-business-info.js';
import { tierOfPlan } from './apply-payment-event.js';

export interface StartCheckoutInput {
  plan: string;
  businessInfo?: BusinessInfo;
}

/** The user's running paid subscription (not one that is only finishing its paid period). */
export async function currentPaidSubscription(deps: Pick<Deps, 'db'>, userId: string) {
  const [g] = await deps.db
    .select()
    .from(planGrants)
    .where(and(eq(planGrants.userId, userId), eq(planGrants.source, 'stripe'), inArray(planGrants.status, ['active', 'past_due'])))
    .orderBy(desc(planGrants.createdAt))
    .limit(1);
  return g;
}

/** The provider's customer of the user's latest subscription, reused for the next one. */
async function knownCustomerId(deps: Pick<Deps, 'db'>, userId: string): Promise<string | null> {
  const [g] = await deps.db
    .select({ customerId: planGrants.stripeCustomerId })
    .from(planGrants)
    .where(and(eq(planGrants.userId, userId), isNotNull(planGrants.stripeCustomerId)))
    .orderBy(desc(planGrants.createdAt))
    .limit(1);
  return g?.customerId ?? null;
}

/**
 * seed 001 §7.5 create-checkout: saves the details dialog's answers, then answers the URL of the provider's checkout.
 * A user already paying for another plan is sent to confirm the change of that subscription instead, so no one
 * pays for two plans at once.
 */
export async function startCheckout(
  deps: Pick<Deps, 'db' | 'payments' | 'config' | 'logger'>,
  user: SessionUser,
  input: StartCheckoutInput,
): Promise<{ url: string }> {
  const plan = planFor(input.plan);
  if (!plan || plan.key === 'free') throw new AppError('INVALID_PLAN', 400, messages.checkoutSessionFailed);
  if (plan.contactSales) throw new AppError('CONTACT_SALES', 400, billingText.enterpriseContactOnly);
  const key = plan.key as CheckoutPlan;

  if (input.businessInfo) {
    const info = input.businessInfo;
    await deps.db.transaction((tx) => saveBusinessInfo(tx, user.id, info));
  }
  const base = deps.config.BASE_URL;
  const current = await currentPaidSubscription(deps, user.id);
  try {
    if (current?.stripeSubscriptionId && current.stripeCustomerId) {
      if (current.tier === tierOfPlan(key)) throw new AppError('ALREADY_SUBSCRIBED', 409, `You are already subscribed to the ${plan.name} plan.`);
      return await deps.payments.changePlan({
        userId: user.id,
        customerId: current.stripeCustomerId,
        subscriptionId: current.stripeSubscriptionId,
        plan: key,
        returnUrl: `${base}/profile?tab=billing`,
        successUrl: `${base}/profile?tab=billing`,
      });
    }
    const business = input.businessInfo ?? null;
    const session = await deps.payments.checkout({
      userId: user.id,
      email: user.email,
      plan: key,
      customerId: await knownCustomerId(deps, user.id),
      business,
      successUrl: `${base}/payment-success?type=subscription&session_id={CHECKOUT_SESSION_ID}&success=true`,
      cancelUrl: `${base}/pricing`,
    });
    await deps.db.insert(checkoutSessions).values({ id: session.sessionId, userId: user.id, plan: tierOfPlan(key), amountCents: priceCents(key) ?? 0 });
    return { url: session.url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.error({ err, userId: user.id, plan: key }, 'checkout could not be started');
    throw new AppError('CHECKOUT_FAILED', 502, messages.checkoutSessionFailed);
  }
}

/** seed 001 §7.5 customer-portal: the provider's page to manage or cancel the subscription. */
export async function openPortal(deps: Pick<Deps, 'db' | 'payments' | 'config' | 'logger'>, user: SessionUser): Promise<{ url: string }> {
  const customerId = await knownCustomerId(deps, user.id);
  if (!customerId) throw new AppError('NO_SUBSCRIPTION', 404, billingText.noSubscription);
  const current = await currentPaidSubscription(deps, user.id);
  try {
    return await deps.payments.portal({
      customerId,
      subscriptionId: current?.stripeSubscriptionId ?? null,
      returnUrl: `${deps.config.BASE_URL}/profile?tab=billing`,
    });
  } catch (err) {
    deps.logger.error({ err, userId: user.id }, 'portal session could not be created');
    throw new AppError('PORTAL_FAILED', 502, messages.portalFailed);
  }
}
