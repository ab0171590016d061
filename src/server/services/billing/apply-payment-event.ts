import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import type { Tx } from '@server/db/database.js';
import { checkoutSessions, paymentEvents, planGrants, profiles } from '@server/db/schema.js';
import type { PaymentEvent } from '@server/ports/payments.js';
import { creditAllowance, formatEuro, planFor, planName, priceCents, type CheckoutPlan, type GrantableTier } from '@shared/plans.js';
import { applyEntitlement, invoiceAlreadyCredited, lockProfile, type EntitlementChange, type GrantRow, type ProfileRow } from './entitlement.js';
import { formatMailDate, sendBillingMails, type PendingMail } from './billing-mail.js';
import { publishBilling } from './publish-billing.js';

export interface ApplyResult {
  /** False for a replayed event id: nothing changed. */
  applied: boolean;
  userId: string | null;
  change?: EntitlementChange;
}

type SubscriptionEvent = Exclude<PaymentEvent, { type: 'ignored' }>;
type GrantStatus = GrantRow['status'];

/** Plans are stored with the operator's tier names (plan_tier enum); checkout names Professional in full. */
export const tierOfPlan = (plan: CheckoutPlan): GrantableTier => (plan === 'professional' ? 'pro' : plan);
const planOfTier = (tier: string | null): CheckoutPlan | null => {
  const key = planFor(tier)?.key;
  return key === 'basic' || key === 'professional' || key === 'business' ? key : null;
};

/**
 * The one path every payment event takes, from Stripe's webhooks and from the built-in test checkout alike.
 * The event id is recorded in the same transaction as its effects, so a replay changes nothing and a failure
 * leaves the event unrecorded for the provider's retry. Events for one user apply one after another (profile row lock).
 */
export async function applyPaymentEvent(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger' | 'events'>,
  event: PaymentEvent,
): Promise<ApplyResult> {
  const now = deps.clock();
  const mails: PendingMail[] = [];
  const result = await deps.db.transaction(async (tx): Promise<ApplyResult> => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return { applied: false, userId: null };
    if (event.type === 'ignored') return { applied: true, userId: null };

    const userId = await ownerOf(tx, event);
    if (!userId) {
      deps.logger.warn({ eventId: event.id, type: event.type, subscriptionId: event.subscriptionId }, 'payment event for no known user; recorded and skipped');
      return { applied: true, userId: null };
    }
    const profile = await lockProfile(tx, userId).catch(() => null);
    if (!profile) return { applied: true, userId: null };
    const change = await applyToUser(tx, event, profile, now, mails);
    return { applied: true, userId, change };
  });
  if (result.applied && result.userId) {
    await sendBillingMails(deps, mails);
    await publishBilling(deps, result.userId);
  }
  return result;
}

/** The user an event belongs to: the subscription we know, else what the provider carries (checkout reference, metadata). */
async function ownerOf(tx: Tx, event: SubscriptionEvent): Promise<string | null> {
  const [grant] = await tx.select({ userId: planGrants.userId }).from(planGrants).where(eq(planGrants.stripeSubscriptionId, event.subscriptionId)).limit(1);
  if (grant) return grant.userId;
  if (event.userId) {
    const [p] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, event.userId)).limit(1);
    if (p) return p.userId;
  }
  if (event.customerId) {
    const [byCustomer] = await tx.select({ userId: planGrants.userId }).from(planGrants).where(eq(planGrants.stripeCustomerId, event.customerId)).limit(1);
    if (byCustomer) return byCustomer.userId;
  }
  return null;
}

async function findGrant(tx: Tx, subscriptionId: string): Promise<GrantRow | undefined> {
  const [g] = await tx.select().from(planGrants).where(eq(planGrants.stripeSubscriptionId, subscriptionId)).limit(1);
  return g;
}

/** Creates or updates the user's grant for a payment subscription. */
async function saveGrant(
  tx: Tx,
  userId: string,
  existing: GrantRow | undefined,
  values: {
    subscriptionId: string;
    customerId: string | null;
    plan: CheckoutPlan | null;
    status?: GrantStatus;
    periodEnd?: Date | null;
    cancelAtPeriodEnd?: boolean;
  },
): Promise<GrantRow | undefined> {
  const tier = values.plan ? tierOfPlan(values.plan) : (existing?.tier ?? null);
  if (!tier) return existing;
  const set = {
    tier,
    status: values.status ?? existing?.status ?? 'active',
    stripeCustomerId: values.customerId ?? existing?.stripeCustomerId ?? null,
    currentPeriodEnd: values.periodEnd ?? existing?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: values.cancelAtPeriodEnd ?? existing?.cancelAtPeriodEnd ?? false,
    updatedAt: sql`now()`,
  };
  if (existing) {
    const [row] = await tx.update(planGrants).set(set).where(eq(planGrants.id, existing.id)).returning();
    return row;
  }
  const [row] = await tx
    .insert(planGrants)
    .values({ ...set, userId, source: 'stripe', stripeSubscriptionId: values.subscriptionId })
    .returning();
  return row;
}

const amountOf = (cents: number | null | undefined, plan: CheckoutPlan | null) => formatEuro(cents ?? (plan ? (priceCents(plan) ?? 0) : 0));

async function applyToUser(tx: Tx, event: SubscriptionEvent, profile: ProfileRow, now: Date, mails: PendingMail[]): Promise<EntitlementChange | undefined> {
  const userId = profile.userId;
  const to = { userId, to: profile.email };
  const firstName = profile.firstName ?? '';
  const existing = await findGrant(tx, event.subscriptionId);

  switch (event.type) {
    case 'checkout.completed': {
      const grant = await saveGrant(tx, userId, existing, { ...event, status: 'active', cancelAtPeriodEnd: false });
      await tx
        .update(checkoutSessions)
        .set({ status: 'completed', completedAt: now, stripeSubscriptionId: event.subscriptionId })
        .where(and(eq(checkoutSessions.id, event.sessionId), eq(checkoutSessions.userId, userId)));
      if (!grant) return undefined;
      // a checkout and its first invoice arrive as two events in either order: the first one sets the balance
      const credited = await invoiceAlreadyCredited(tx, userId, event.invoiceId);
      const change = await applyEntitlement(tx, profile, now, {
        credits: credited ? 'never' : 'always',
        reason: 'plan_change',
        invoiceId: event.invoiceId ?? event.sessionId,
      });
      const plan = planOfTier(grant.tier);
      mails.push({
        ...to,
        mail: {
          template: 'subscription-confirmed',
          props: {
            firstName,
            planName: planName(grant.tier),
            amount: amountOf(event.amountCents, plan),
            creditsAllocated: creditAllowance(change.to, change.beta),
            nextBillingDate: formatMailDate(grant.currentPeriodEnd),
          },
        },
      });
      return change;
    }
    case 'invoice.paid': {
      const grant = await saveGrant(tx, userId, existing, { ...event, status: 'active' });
      if (!grant) return undefined;
      const credited = await invoiceAlreadyCredited(tx, userId, event.invoiceId);
      // seed 001 §9: credits reset at each billing cycle
      const change = await applyEntitlement(tx, profile, now, { credits: credited ? 'never' : 'always', reason: 'monthly_reset', invoiceId: event.invoiceId });
      const plan = planOfTier(grant.tier);
      // a purchase is one e-mail, the checkout's "subscription confirmed" (same figures); renewals say payment received
      if (event.firstOfSubscription) return change;
      mails.push({
        ...to,
        mail: {
          template: 'payment-received',
          props: {
            firstName,
            planName: planName(grant.tier),
            amount: amountOf(event.amountCents, plan),
            creditsAllocated: creditAllowance(change.to, change.beta),
            nextBillingDate: formatMailDate(grant.currentPeriodEnd),
          },
        },
      });
      return change;
    }
    case 'payment.failed': {
      if (!existing) return undefined;
      const grant = await saveGrant(tx, userId, existing, { ...event, plan: null, status: 'past_due' });
      const change = await applyEntitlement(tx, profile, now, { credits: 'never', reason: 'adjustment' });
      mails.push({
        ...to,
        mail: {
          template: 'payment-failed',
          props: {
            firstName,
            planName: planName(grant?.tier),
            amount: formatEuro(event.amountCents),
            ...(event.nextAttempt ? { retryDate: formatMailDate(event.nextAttempt) } : {}),
          },
        },
      });
      return change;
    }
    case 'subscription.updated': {
      const status: GrantStatus = { active: 'active', past_due: 'past_due', cancelled: 'cancelled', ended: 'expired' }[event.status] as GrantStatus;
      const planChanged = !!existing && !!event.plan && tierOfPlan(event.plan) !== existing.tier;
      const newlyCancelling = event.cancelAtPeriodEnd && !existing?.cancelAtPeriodEnd && status !== 'expired';
      const grant = await saveGrant(tx, userId, existing, { ...event, status });
      if (!grant) return undefined;
      // seed 001 §9: credits reset on plan change
      const change = await applyEntitlement(tx, profile, now, { credits: planChanged ? 'always' : 'changed', reason: 'plan_change' });
      if (newlyCancelling && existing) {
        mails.push({
          ...to,
          mail: { template: 'subscription-cancelled', props: { firstName, planName: planName(grant.tier), endDate: formatMailDate(grant.currentPeriodEnd) } },
        });
      }
      return change;
    }
    case 'subscription.deleted': {
      if (!existing) return undefined;
      const periodEnd = event.periodEnd ?? existing.currentPeriodEnd;
      // seed 000 §4: access stays until the end date
      const stillPaidFor = !!periodEnd && periodEnd.getTime() > now.getTime();
      const grant = await saveGrant(tx, userId, existing, {
        ...event,
        plan: null,
        status: stillPaidFor ? 'cancelled' : 'expired',
        periodEnd,
        cancelAtPeriodEnd: true,
      });
      const change = await applyEntitlement(tx, profile, now, { credits: 'changed', reason: 'expiry' });
      if (!existing.cancelAtPeriodEnd) {
        mails.push({
          ...to,
          mail: { template: 'subscription-cancelled', props: { firstName, planName: planName(grant?.tier), endDate: formatMailDate(periodEnd ?? now) } },
        });
      }
      return change;
    }
  }
}
