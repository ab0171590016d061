import { formatDate } from '@web/lib/dates';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CreditCard, ExternalLink } from 'lucide-react';
import { msg } from '@shared/messages';
import { billingText, type BillingStatus } from '@shared/billing';
import { PLANS, accountPlanLabel, formatPlanPrice, planFor, type PlanKey } from '@shared/plans';
import { Button } from '@web/ui/button';
import { Alert } from '@web/ui/form';
import { FullAreaSpinner } from '@web/ui/spinner';
import { billingApi } from './api';
import { useBillingStatus, useCheckout } from './hooks';
import { SubscriptionDetailsDialog } from './SubscriptionDetailsDialog';
import { TestModeBadge } from './TestModeBadge';
import { formatCredits } from '@shared/credit-cost';

const dateOf = (iso: string | null) => (iso ? formatDate(iso, 'longDate') : null);

function Card(props: { title: string; description?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section data-testid={props.testId} className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-950">
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{props.title}</h2>
      {props.description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{props.description}</p>}
      <div className="mt-4">{props.children}</div>
    </section>
  );
}

/** What the subscription line under the plan says: renewal, cancellation date, failed payment, complimentary expiry. */
function subscriptionLine(b: BillingStatus): string | null {
  const s = b.subscription;
  if (!s) return b.credits_reset_at ? `Credits reset on ${dateOf(b.credits_reset_at)}.` : null;
  if (s.source === 'beta') return `Beta access: ${formatCredits(b.monthly_credits)} every month.`;
  if (s.source === 'complimentary') return s.expires_at ? `Complimentary plan until ${dateOf(s.expires_at)}.` : 'Complimentary plan.';
  if (s.status === 'past_due') return 'Your last payment failed. Update your payment details to keep your plan.';
  if (s.cancel_at_period_end || s.status === 'cancelled') return `Cancelled: your plan stays active until ${dateOf(s.current_period_end)}.`;
  return s.current_period_end ? `Renews on ${dateOf(s.current_period_end)}.` : null;
}

/** A paid subscription under a higher complimentary plan still renews and is billed: say so. */
function paidUnderLine(p: NonNullable<BillingStatus['paid_under']>): string {
  const until = dateOf(p.current_period_end);
  if (p.cancel_at_period_end) return `Your ${p.plan_name} subscription (${p.amount}/month) is cancelled and ends on ${until}.`;
  return `Your ${p.plan_name} subscription (${p.amount}/month) continues underneath${until ? ` and renews on ${until}` : ''}.`;
}

/** What the plan costs this user: only a bought subscription has a price; beta and complimentary plans cost nothing. */
function planPriceLine(b: BillingStatus, plan: (typeof PLANS)[PlanKey]): string {
  if (b.subscription?.amount) return `${b.subscription.amount}/month`;
  if (b.subscription?.source === 'beta') return billingText.betaAccessPrice;
  if (b.subscription?.source === 'complimentary') return billingText.complimentaryPrice;
  return plan.key === 'free' ? 'Free' : formatPlanPrice(plan);
}

/**
 * The Billing tab of /profile (seed 000 §2): the current plan, the upgrade card (basic → Professional or Business,
 * professional → Business, hidden otherwise) and subscription management for an active paid subscription.
 */
export function BillingTab() {
  const billing = useBillingStatus();
  const checkout = useCheckout({ hasCompanyName: billing.data?.has_company_name ?? false });
  const [opening, setOpening] = useState(false);

  if (billing.isLoading) return <FullAreaSpinner />;
  if (billing.isError || !billing.data) return <Alert>{msg('unexpectedError')}</Alert>;
  const b = billing.data;
  const plan = planFor(b.subscription_status) ?? PLANS.free;
  const usedShare = Math.min(100, Math.round((b.credits_remaining / Math.max(1, b.monthly_credits)) * 100));

  const openPortal = async () => {
    setOpening(true);
    try {
      const { url } = await billingApi.portal();
      if (!url) throw new Error('no url');
      window.location.assign(url);
    } catch {
      toast.error(msg('portalFailed'));
      setOpening(false);
    }
  };

  return (
    <div className="space-y-6" data-testid="billing-tab">
      {b.mode === 'local' && <TestModeBadge />}
      <Card testId="current-plan-card" title="Current Plan">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <div>
            <p className="flex items-center gap-2 text-2xl font-bold text-zinc-900 dark:text-zinc-50" data-testid="current-plan-name">
              {accountPlanLabel(b)}
            </p>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="current-plan-price">
              {planPriceLine(b, plan)}
            </p>
          </div>
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="billing-credits">
            {b.credits_remaining.toLocaleString('en-US')} / {b.monthly_credits.toLocaleString('en-US')} credits
          </p>
        </div>
        <div className="mt-4 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
          <div className="h-full rounded-full bg-violet-600" style={{ width: `${usedShare}%` }} />
        </div>
        {subscriptionLine(b) && <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{subscriptionLine(b)}</p>}
        {b.paid_under && (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="paid-under">
            {paidUnderLine(b.paid_under)}
          </p>
        )}
        {plan.key === 'free' && (
          <Link to="/pricing" className="mt-4 inline-block text-sm font-medium text-violet-700 hover:underline dark:text-violet-400">
            Upgrade your plan
          </Link>
        )}
      </Card>

      {b.upgrade_options.length > 0 && (
        <Card
          testId="upgrade-plan-card"
          title="Upgrade Plan"
          description="More credits and more images at a time. Credits reset to the new plan's allowance when you change."
        >
          <div className="grid gap-3 sm:grid-cols-2">
            {b.upgrade_options.map((key) => {
              const option = PLANS[key as PlanKey];
              return (
                <div key={key} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
                  <p className="font-semibold">{option.name}</p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {formatPlanPrice(option)} · {formatCredits(option.monthlyCredits)}
                  </p>
                  <Button className="mt-3 w-full" busy={checkout.pendingPlan === key} disabled={!!checkout.pendingPlan} onClick={() => checkout.start(key)}>
                    Upgrade to {option.name}
                  </Button>
                </div>
              );
            })}
          </div>
          <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
            Need more? Enterprise plans are tailored to your team.{' '}
            <Link to="/contact" className="font-medium text-violet-700 hover:underline dark:text-violet-400">
              {billingText.contactSales}
            </Link>
          </p>
        </Card>
      )}

      {b.can_manage && (
        <Card
          testId="subscription-management-card"
          title="Subscription Management"
          description="Update your payment method, change your plan, download invoices or cancel your subscription."
        >
          <Button variant="secondary" busy={opening} onClick={() => void openPortal()}>
            <CreditCard className="h-4 w-4" aria-hidden />
            Manage Subscription
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </Button>
        </Card>
      )}
      <SubscriptionDetailsDialog
        country={b.country}
        plan={checkout.dialogPlan}
        busy={!!checkout.pendingPlan}
        onClose={checkout.closeDialog}
        onSubmit={checkout.submitDetails}
      />
    </div>
  );
}
