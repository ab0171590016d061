import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { billingText } from '@shared/billing';
import { msg } from '@shared/messages';
import { Button } from '@web/ui/button';
import { Alert } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';
import { FullAreaSpinner } from '@web/ui/spinner';
import { BillingApiError, billingApi } from '@web/features/billing/api';
import { refreshAccount } from '@web/features/billing/hooks';
import { TestModeBadge } from '@web/features/billing/TestModeBadge';

const errorText = (err: unknown) => (err instanceof BillingApiError ? err.message : msg('unexpectedError'));

/**
 * The built-in checkout of local test mode (/checkout-test/:sessionId): the plan and the amount, and two outcomes
 * a card can have. Paying sends the same events a Stripe checkout sends; declining changes nothing.
 */
export function CheckoutTestPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: ['billing', 'test-checkout', sessionId], queryFn: () => billingApi.testCheckout(sessionId), retry: false });
  const [declined, setDeclined] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: (outcome: 'success' | 'decline') => billingApi.completeTestCheckout(sessionId, outcome),
    onSuccess: async ({ url }) => {
      await refreshAccount(queryClient);
      navigate(url);
    },
    onError: (err) => setDeclined(errorText(err)),
  });

  if (session.isLoading) return <FullAreaSpinner />;
  if (session.isError || !session.data) {
    return (
      <AuthShell title="Checkout not found" footer={<Link to="/pricing">Back to pricing</Link>}>
        <Alert>{errorText(session.error)}</Alert>
      </AuthShell>
    );
  }
  const s = session.data;
  return (
    <AuthShell title="Checkout" subtitle={<TestModeBadge />}>
      <div className="space-y-4">
        <div className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Subscription</p>
          <p className="mt-1 text-lg font-semibold text-zinc-900 dark:text-zinc-50" data-testid="checkout-plan">
            {s.plan_name} plan
          </p>
          <p className="mt-1 text-2xl font-bold text-zinc-900 dark:text-zinc-50" data-testid="checkout-amount">
            {s.amount} <span className="text-sm font-normal text-zinc-500">per month</span>
          </p>
        </div>
        <p className="flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {billingText.testMode}: choose how the test card behaves. Nothing is charged either way.
        </p>
        {declined && <Alert>{declined}</Alert>}
        {s.status === 'completed' ? (
          <Alert tone="success">This checkout is already paid.</Alert>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" busy={pay.isPending && pay.variables === 'success'} disabled={pay.isPending} onClick={() => pay.mutate('success')}>
              <CreditCard className="h-4 w-4" aria-hidden />
              Pay {s.amount}
            </Button>
            <Button
              className="flex-1"
              variant="secondary"
              busy={pay.isPending && pay.variables === 'decline'}
              disabled={pay.isPending}
              onClick={() => pay.mutate('decline')}
            >
              Decline Payment
            </Button>
          </div>
        )}
        <div className="text-center text-sm">
          <Link to="/pricing" className="text-violet-700 hover:underline dark:text-violet-400">
            Cancel and return to pricing
          </Link>
        </div>
      </div>
    </AuthShell>
  );
}

/** The portal of local test mode (/checkout-test/portal): change plan, cancel at period end, reactivate. */
export function TestPortalPage() {
  const [params] = useSearchParams();
  const requested = params.get('plan');
  const queryClient = useQueryClient();
  const portal = useQuery({ queryKey: ['billing', 'test-portal'], queryFn: billingApi.testPortal, retry: false });
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: billingApi.testPortalAction,
    onSuccess: async (data) => {
      setError(null);
      queryClient.setQueryData(['billing', 'test-portal'], data);
      await refreshAccount(queryClient);
    },
    onError: (err) => setError(errorText(err)),
  });

  if (portal.isLoading) return <FullAreaSpinner />;
  if (portal.isError || !portal.data) {
    return (
      <AuthShell title="Manage Subscription" footer={<Link to="/profile?tab=billing">Back to billing</Link>}>
        <Alert>{errorText(portal.error)}</Alert>
      </AuthShell>
    );
  }
  const p = portal.data;
  const end = p.current_period_end ? new Date(p.current_period_end).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : null;
  return (
    <AuthShell wide title="Manage Subscription" subtitle={<TestModeBadge />} footer={<Link to="/profile?tab=billing">Return to billing</Link>}>
      <div className="space-y-6">
        <div className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <p className="text-lg font-semibold" data-testid="portal-plan">
            {p.plan_name} · {p.amount} per month
          </p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {p.cancel_at_period_end ? `Cancels on ${end}. Your plan stays active until then.` : end ? `Renews on ${end}.` : 'Active.'}
          </p>
        </div>
        {error && <Alert>{error}</Alert>}
        <div>
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Change plan</h2>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            {p.plans.map((option) => {
              const current = option.plan === p.plan;
              return (
                <Button
                  key={option.plan}
                  variant={option.plan === requested && !current ? 'primary' : 'secondary'}
                  disabled={current || act.isPending}
                  onClick={() => act.mutate({ action: 'change', plan: option.plan })}
                >
                  {current ? `${option.plan_name} (current)` : `Switch to ${option.plan_name} · ${option.amount}`}
                </Button>
              );
            })}
          </div>
        </div>
        <div className="flex gap-2">
          {p.cancel_at_period_end ? (
            <Button busy={act.isPending} onClick={() => act.mutate({ action: 'reactivate' })}>
              Reactivate Subscription
            </Button>
          ) : (
            <Button variant="danger" busy={act.isPending} onClick={() => act.mutate({ action: 'cancel' })}>
              Cancel Subscription
            </Button>
          )}
        </div>
      </div>
    </AuthShell>
  );
}

export default CheckoutTestPage;
