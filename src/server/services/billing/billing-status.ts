import { and, eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { businessCustomers, checkoutSessions, profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import type { BillingStatus, CheckoutStatus, SubscriptionCheck } from '@shared/billing.js';
import { PLANS, creditAllowance, formatEuro, isPaidStatus, planFor, planName, priceCents, upgradeOptions } from '@shared/plans.js';
import { entitlementFromGrants, grantsOf } from './entitlement.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** GET /api/billing: the signed-in user's plan, subscription and what they may do next (own data only). */
export async function getBillingStatus(deps: Pick<Deps, 'db' | 'clock' | 'payments'>, userId: string): Promise<BillingStatus> {
  const [profile] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!profile) throw notFound('Profile not found');
  const grants = await deps.db.transaction((tx) => grantsOf(tx, userId));
  const now = deps.clock();
  const { governing, paidUnder } = entitlementFromGrants(grants, now);
  const complimentary = governing?.source === 'complimentary';
  const underPlan = paidUnder ? planFor(paidUnder.tier) : undefined;
  const betaGrant = grants.find((g) => g.source === 'beta' && g.status === 'active');
  const status = profile.subscriptionStatus;
  const sub = governing ?? betaGrant ?? null;
  const local = !!sub?.stripeSubscriptionId?.startsWith('sub_local_');
  const paid = sub?.source === 'stripe';
  const plan = planFor(sub?.tier ?? status);
  const allowance = creditAllowance(status, profile.betaAccess);
  const [business] = await deps.db.select({ country: businessCustomers.countryCode }).from(businessCustomers).where(eq(businessCustomers.userId, userId));
  const signupCountry = typeof profile.metadata.country === 'string' ? profile.metadata.country : null;
  return {
    mode: deps.payments.mode,
    subscription_status: status,
    plan_name: profile.betaAccess && !isPaidStatus(status) ? 'Beta' : planName(status),
    credits_remaining: profile.creditsRemaining,
    monthly_credits: allowance,
    beta_access: profile.betaAccess,
    complimentary,
    credits_reset_at: iso(profile.creditsResetAt),
    subscription: sub
      ? {
          source: sub.source === 'stripe' ? (local ? 'local' : 'stripe') : sub.source,
          tier: sub.tier ?? status,
          plan_name: sub.source === 'beta' ? 'Beta' : planName(sub.tier),
          status: sub.status,
          current_period_end: iso(sub.currentPeriodEnd),
          cancel_at_period_end: sub.cancelAtPeriodEnd,
          expires_at: iso(sub.expiresAt),
          amount: paid && plan ? formatEuro(priceCents(plan.key) ?? 0) : null,
        }
      : null,
    paid_under:
      paidUnder && underPlan
        ? {
            plan_name: underPlan.name,
            amount: formatEuro(priceCents(underPlan.key) ?? 0),
            current_period_end: iso(paidUnder.currentPeriodEnd),
            cancel_at_period_end: paidUnder.cancelAtPeriodEnd,
          }
        : null,
    // seed 000 §2: subscription management only with an active non-free subscription (one bought through checkout)
    can_manage: (paid || !!paidUnder) && isPaidStatus(status),
    upgrade_options: upgradeOptions(status).filter((key) => PLANS[key].monthlyCredits > allowance),
    has_company_name: !!profile.companyName?.trim(),
    country: business?.country ?? signupCountry,
  };
}

/** seed 001 §7.5 check-subscription: called when the user menu opens. */
export async function checkSubscription(deps: Pick<Deps, 'db'>, userId: string): Promise<SubscriptionCheck> {
  const [profile] = await deps.db.select({ status: profiles.subscriptionStatus }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) throw notFound('Profile not found');
  return { subscribed: isPaidStatus(profile.status), subscription_tier: profile.status };
}

/** A checkout of the signed-in user; someone else's id is not found. */
export async function getCheckoutStatus(deps: Pick<Deps, 'db' | 'payments'>, userId: string, sessionId: string): Promise<CheckoutStatus> {
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  if (!row) throw notFound('Checkout not found');
  return {
    id: row.id,
    plan: row.plan,
    plan_name: planName(row.plan),
    status: row.status as CheckoutStatus['status'],
    amount: formatEuro(row.amountCents),
    credits: creditAllowance(row.plan, false),
    mode: deps.payments.mode,
  };
}
