/**
 * In the Delete Account confirmation: a paying account hears that its subscription ends with it (the server
 * cancels it at once when the account is deleted), so nobody deletes an account believing they will be billed on.
 */
import { fill } from '@shared/messages';
import { billingText } from '@shared/billing';
import { useBillingStatus } from './hooks';

export function SubscriptionEndsWithAccount() {
  const billing = useBillingStatus();
  const b = billing.data;
  if (!b?.can_manage || !b.subscription) return null;
  return (
    <p className="text-sm text-red-100" data-testid="delete-cancels-subscription">
      {fill(billingText.deleteCancelsSubscription, { plan: b.subscription.plan_name })}
    </p>
  );
}
