import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRICING_PLANS, planFor } from '@shared/plans';
import { billingText } from '@shared/billing';
import { useMe } from '@web/features/auth/session';
import { Button } from '@web/ui/button';
import { useBillingStatus, useCheckout } from '@web/features/billing/hooks';
import { PlanCard } from '@web/features/billing/PlanCard';
import { SubscriptionDetailsDialog } from '@web/features/billing/SubscriptionDetailsDialog';
import { TestModeBadge } from '@web/features/billing/TestModeBadge';

const linkButton = 'inline-flex w-full items-center justify-center rounded-lg px-4 py-2 text-sm font-medium transition';

/**
 * /pricing (seed 000 §2): Basic, Professional, Business and Enterprise. The current plan's button is disabled,
 * Enterprise goes to /contact, signed-in users check out, signed-out users go to /signup.
 */
export function PricingPage() {
  const { data: me } = useMe();
  const billing = useBillingStatus(!!me);
  const currentKey = me ? planFor(me.profile?.subscription_status)?.key : undefined;
  const checkout = useCheckout({ hasCompanyName: billing.data?.has_company_name ?? false });
  // sent here by the workspace's guard: say why. The note belongs to the arrival, so the entry's state is cleared once
  // read: the browser keeps history state across a reload, and a reloaded page must not repeat it
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedFromGuard = Boolean((location.state as { paidPlanRequired?: boolean } | null)?.paidPlanRequired);
  const [paidPlanRequired] = useState(arrivedFromGuard);
  useEffect(() => {
    if (arrivedFromGuard) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [arrivedFromGuard, location.pathname, location.search, navigate]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <div className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">Choose Your Plan</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">Monthly credits for enhancing your renders. Change or cancel your plan at any time.</p>
        {paidPlanRequired && (
          <p
            role="status"
            data-testid="paid-plan-required"
            className="mx-auto mt-6 max-w-2xl rounded-lg border border-violet-300 bg-violet-50 px-4 py-3 text-sm font-medium text-violet-900 dark:border-violet-500/40 dark:bg-violet-500/10 dark:text-violet-100"
          >
            {billingText.paidPlanRequired}
          </p>
        )}
        {billing.data?.mode === 'local' && (
          <div className="mt-4">
            <TestModeBadge />
          </div>
        )}
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {PRICING_PLANS.map((plan) => {
          const current = currentKey === plan.key;
          let action;
          if (current) {
            action = (
              <Button className="w-full" variant="secondary" disabled>
                {billingText.currentPlan}
              </Button>
            );
          } else if (plan.contactSales) {
            action = (
              <Link
                to="/contact"
                className={`${linkButton} border border-zinc-300 text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-900`}
              >
                {billingText.contactSales}
              </Link>
            );
          } else if (!me) {
            action = (
              <Link to="/signup" className={`${linkButton} bg-violet-600 text-white hover:bg-violet-700`}>
                Get Started
              </Link>
            );
          } else {
            action = (
              <Button
                className="w-full"
                busy={checkout.pendingPlan === plan.key}
                disabled={!!checkout.pendingPlan || billing.isLoading}
                onClick={() => checkout.start(plan.key)}
              >
                Get Started
              </Button>
            );
          }
          return <PlanCard key={plan.key} plan={plan} highlighted={plan.key === 'professional'} current={current} action={action} />;
        })}
      </div>
      <p className="mt-10 text-center text-sm text-zinc-600 dark:text-zinc-400">{billingText.pricingFootnote}</p>
      <SubscriptionDetailsDialog
        country={billing.data?.country ?? null}
        plan={checkout.dialogPlan}
        busy={!!checkout.pendingPlan}
        onClose={checkout.closeDialog}
        onSubmit={checkout.submitDetails}
      />
    </div>
  );
}

export default PricingPage;
