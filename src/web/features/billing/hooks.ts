import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import type { BusinessInfoInput } from '@shared/billing';
import { ME_QUERY_KEY } from '../auth/session';
import { BillingApiError, billingApi } from './api';

const BILLING_QUERY_KEY = ['billing', 'status'] as const;

/** GET /api/billing for the signed-in user (disabled while signed out). */
export function useBillingStatus(enabled = true) {
  return useQuery({ queryKey: BILLING_QUERY_KEY, queryFn: billingApi.status, enabled, staleTime: 10_000, retry: 1 });
}

/** The plan and credits changed somewhere (payment, portal): every view of them reloads. */
export async function refreshAccount(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ['billing'] })]);
}

/**
 * seed 001 §7.5 check-subscription, asked when the user menu opens: a plan that changed since the profile was
 * loaded (a webhook, another tab) reloads the profile.
 */
export async function checkSubscriptionOnMenuOpen(queryClient: ReturnType<typeof useQueryClient>, knownTier: string | undefined) {
  try {
    const result = await billingApi.checkSubscription();
    if (result.subscription_tier !== knownTier) await refreshAccount(queryClient);
  } catch {
    // the menu works from the cached profile; the next page load corrects it
  }
}

/** Sends the browser to the checkout the server answers (seed 001 §7.7: redirect to the returned url, no url is an error). */
function goToCheckoutUrl(url: string | undefined) {
  if (!url) {
    toast.error(msg('checkoutNoUrl'));
    return false;
  }
  window.location.assign(url);
  return true;
}

/**
 * The checkout step of pricing and the Billing tab: the subscription details dialog first when the profile has no
 * company name (seed 000 §4), then create-checkout and the redirect. Failures show 'Checkout Failed' with the
 * server's message, or the seed's fallback.
 */
export function useCheckout(opts: { hasCompanyName: boolean }) {
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const [dialogPlan, setDialogPlan] = useState<string | null>(null);

  const run = useCallback(async (plan: string, businessInfo?: BusinessInfoInput) => {
    setPendingPlan(plan);
    try {
      const { url } = await billingApi.checkout(plan, businessInfo);
      if (goToCheckoutUrl(url)) return true;
    } catch (err) {
      if (err instanceof BillingApiError && err.status === 401) {
        toast.error(msg('upgradeAuthRequired'));
      } else if (err instanceof BillingApiError && err.code === 'VALIDATION_FAILED') {
        throw err;
      } else {
        toast.error(msg('checkoutFailedTitle'), { description: err instanceof BillingApiError && err.status !== 0 ? err.message : msg('checkoutStartFailed') });
      }
    } finally {
      setPendingPlan(null);
    }
    return false;
  }, []);

  const start = useCallback(
    (plan: string) => {
      if (!opts.hasCompanyName) setDialogPlan(plan);
      else void run(plan);
    },
    [opts.hasCompanyName, run],
  );

  return {
    start,
    pendingPlan,
    dialogPlan,
    closeDialog: () => setDialogPlan(null),
    /** The dialog's submit: checkout with its answers; the dialog stays open on a validation error from the server. */
    submitDetails: async (info: BusinessInfoInput) => {
      if (!dialogPlan) return;
      const ok = await run(dialogPlan, info);
      if (ok) setDialogPlan(null);
    },
  };
}
