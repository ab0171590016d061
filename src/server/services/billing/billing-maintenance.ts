import { and, eq, inArray, like, lte, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { planGrants, profiles } from '@server/db/schema.js';
import { creditAllowance, priceCents, planFor, type CheckoutPlan } from '@shared/plans.js';
import { resetCredits } from '../credits/ledger.js';
import { addMonths, applyEntitlement, lockProfile } from './entitlement.js';
import { applyPaymentEvent } from './apply-payment-event.js';
import { publishBilling } from './publish-billing.js';

type MaintenanceDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'logger' | 'events' | 'payments'>;

export interface BillingMaintenanceResult {
  expired: number;
  renewed: number;
  reset: number;
}

/**
 * The scheduled billing run (every few minutes, any number of instances): ends complimentary plans past their
 * expiration and cancelled subscriptions past their paid period, bills local test subscriptions whose period ended,
 * and restores the monthly allowance of every account whose reset date has passed (free, complimentary, beta;
 * paid subscriptions reset when their invoice is paid). Every step is conditional on the row it changes, so runs
 * may overlap and a missed run is caught up by the next one. Time comes from deps.clock, so tests move it.
 */
export async function runBillingMaintenance(deps: MaintenanceDeps): Promise<BillingMaintenanceResult> {
  const now = deps.clock();
  const touched = new Set<string>();

  // 1. grants whose time is up: complimentary past expires_at, cancelled subscriptions past their paid period
  const ending = await deps.db
    .select({ id: planGrants.id, userId: planGrants.userId })
    .from(planGrants)
    .where(
      sql`(${planGrants.source} = 'complimentary' and ${planGrants.status} = 'active' and ${planGrants.expiresAt} <= ${now.toISOString()})
        or (${planGrants.source} = 'stripe' and ${planGrants.status} = 'cancelled' and ${planGrants.currentPeriodEnd} <= ${now.toISOString()})`,
    );
  let expired = 0;
  for (const g of ending) {
    await deps.db.transaction(async (tx) => {
      const profile = await lockProfile(tx, g.userId);
      const [row] = await tx
        .update(planGrants)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(and(eq(planGrants.id, g.id), inArray(planGrants.status, ['active', 'cancelled'])))
        .returning({ id: planGrants.id });
      if (!row) return;
      expired++;
      touched.add(g.userId);
      // the user returns to their paid or free state with its allowance (credits reset on plan change)
      await applyEntitlement(tx, profile, now, { credits: 'changed', reason: 'expiry' });
    });
  }

  // 2. local test subscriptions whose period ended: the renewal (or the end) Stripe would report
  let renewed = 0;
  if (deps.payments.testMode) {
    const due = await deps.db
      .select()
      .from(planGrants)
      .where(
        and(
          eq(planGrants.source, 'stripe'),
          inArray(planGrants.status, ['active', 'past_due']),
          like(planGrants.stripeSubscriptionId, 'sub_local_%'),
          lte(planGrants.currentPeriodEnd, now),
        ),
      );
    for (const g of due) {
      const key = planFor(g.tier)?.key as CheckoutPlan;
      const events = deps.payments.testMode.periodEnded(
        {
          subscriptionId: g.stripeSubscriptionId!,
          customerId: g.stripeCustomerId ?? `cus_local_${g.userId}`,
          userId: g.userId,
          plan: key,
          periodEnd: g.currentPeriodEnd,
          cancelAtPeriodEnd: g.cancelAtPeriodEnd,
        },
        priceCents(key) ?? 0,
        now,
      );
      for (const event of events) await applyPaymentEvent(deps, event);
      renewed++;
    }
  }

  // 3. monthly allowances on each account's anniversary, except running paid subscriptions (their invoice resets them)
  const dueProfiles = await deps.db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      sql`coalesce(${profiles.creditsResetAt}, ${profiles.createdAt} + interval '1 month') <= ${now.toISOString()}
        and not exists (select 1 from ${planGrants} g where g.user_id = ${profiles.userId} and g.source = 'stripe' and g.status in ('active', 'past_due'))`,
    );
  let reset = 0;
  for (const { userId } of dueProfiles) {
    const done = await deps.db.transaction(async (tx) => {
      const p = await lockProfile(tx, userId);
      // the anniversary: the last reset date, or the sign-up date for an account never reset
      const anchor = p.creditsResetAt ?? p.createdAt;
      let months = p.creditsResetAt ? 0 : 1;
      let next = addMonths(anchor, months);
      if (next.getTime() > now.getTime()) return false;
      // a whole number of months on from the anniversary, however many runs were missed
      while (next.getTime() <= now.getTime()) next = addMonths(anchor, ++months);
      await tx
        .update(profiles)
        .set({ creditsResetAt: next, updatedAt: sql`now()` })
        .where(eq(profiles.userId, userId));
      await resetCredits(tx, userId, creditAllowance(p.subscriptionStatus, p.betaAccess), 'monthly_reset');
      return true;
    });
    if (done) {
      reset++;
      touched.add(userId);
    }
  }

  for (const userId of touched) await publishBilling(deps, userId);
  if (expired || renewed || reset) deps.logger.info({ expired, renewed, reset }, 'billing maintenance');
  return { expired, renewed, reset };
}
