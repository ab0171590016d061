import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { billingText } from '@shared/billing';
import { useMe } from '@web/features/auth/session';
import { Button } from '@web/ui/button';
import { AuthShell } from '@web/ui/auth-shell';
import { FullAreaSpinner } from '@web/ui/spinner';
import { billingApi } from '@web/features/billing/api';
import { refreshAccount, useBillingStatus } from '@web/features/billing/hooks';
import { formatCredits } from '@shared/credit-cost';

const linkClass = 'inline-flex w-full items-center justify-center rounded-lg px-4 py-2 text-sm font-medium transition';

/**
 * /payment-success?type&credits&session_id&success (seed 000 §2). What it says comes from the server, not from the
 * query string: a reload or a forged link shows the real state of the checkout and the account.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const type = params.get('type') === 'credits' ? 'credits' : 'subscription';
  const sessionId = params.get('session_id');
  const queryClient = useQueryClient();
  const { data: me, isLoading: meLoading } = useMe();
  const billing = useBillingStatus(!!me);
  const checkout = useQuery({
    queryKey: ['billing', 'checkout', sessionId],
    queryFn: () => billingApi.checkoutStatus(sessionId!),
    enabled: !!me && !!sessionId,
    retry: false,
    // Stripe's webhook may land a moment after the browser returns: keep asking for a while
    refetchInterval: (q) => (q.state.data?.status === 'open' && q.state.dataUpdateCount < 20 ? 2000 : false),
  });
  const completed = checkout.data?.status === 'completed';

  useEffect(() => {
    if (completed) void refreshAccount(queryClient);
  }, [completed, queryClient]);

  if (meLoading || (me && (billing.isLoading || (sessionId && checkout.isLoading)))) return <FullAreaSpinner />;

  const actions = (
    <div className="mt-6 grid gap-2">
      <Link to="/enhance" className={`${linkClass} bg-violet-600 text-white hover:bg-violet-700`}>
        {billingText.startEnhancing}
      </Link>
      <Button variant="secondary" onClick={() => void refreshAccount(queryClient)}>
        {billingText.refreshAccount}
      </Button>
      <Link
        to="/profile?tab=billing"
        className={`${linkClass} border border-zinc-300 text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-900`}
      >
        {type === 'credits' ? billingText.viewCredits : billingText.viewSubscription}
      </Link>
    </div>
  );

  if (!me) {
    return (
      <AuthShell title="Sign in to see your payment" footer={<Link to="/login">Log In</Link>}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Your payment and plan are shown once you are signed in.</p>
      </AuthShell>
    );
  }

  if (checkout.data?.status === 'open') {
    return (
      <AuthShell title="Confirming your payment…">
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Clock className="h-4 w-4" aria-hidden /> We are waiting for the payment provider to confirm your payment. This page updates by itself.
        </p>
        {actions}
      </AuthShell>
    );
  }

  if (!completed) {
    return (
      <AuthShell title="Payment not confirmed">
        <p className="flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="payment-truth">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-600" aria-hidden />
          We could not find a completed payment for this link. Your current plan is {billing.data?.plan_name ?? 'Free'} with{' '}
          {formatCredits(billing.data?.credits_remaining ?? 0)}.
        </p>
        {actions}
      </AuthShell>
    );
  }

  const c = checkout.data!;
  return (
    <AuthShell title={billingText.paymentSuccessful}>
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
        {type === 'credits' ? (
          <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300" data-testid="payment-truth">
            Added to your account: {formatCredits(c.credits)}. You now have {formatCredits(billing.data?.credits_remaining ?? c.credits)}.
          </p>
        ) : (
          <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300" data-testid="payment-truth">
            Your {c.plan_name} subscription is now active ({c.amount} per month). {formatCredits(billing.data?.credits_remaining ?? c.credits)} ready to use.
          </p>
        )}
      </div>
      {actions}
    </AuthShell>
  );
}

export default PaymentSuccessPage;
