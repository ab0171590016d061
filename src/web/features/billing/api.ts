/** The billing calls (seed 001 §7.5 create-checkout, customer-portal, check-subscription) and the test-mode pages' calls. */
import type { BillingStatus, BusinessInfoInput, CheckoutStatus, SubscriptionCheck, TestPortalAction } from '../../../shared/billing';
import { apiRequest } from '../../lib/api-client';

export { ApiError as BillingApiError } from '../../lib/api-client';
const call = apiRequest;

export interface TestCheckout {
  id: string;
  plan: string;
  plan_name: string;
  amount: string;
  status: string;
  test_mode: string;
}

export interface TestPortal {
  plan: string;
  plan_name: string;
  amount: string;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  plans: { plan: string; plan_name: string; amount: string }[];
  test_mode: string;
}

export const billingApi = {
  status: () => call<BillingStatus>('GET', '/api/billing'),
  checkout: (plan: string, businessInfo?: BusinessInfoInput) => call<{ url?: string }>('POST', '/api/billing/checkout', { plan, ...(businessInfo ? { businessInfo } : {}) }),
  checkoutStatus: (id: string) => call<CheckoutStatus>('GET', `/api/billing/checkout/${encodeURIComponent(id)}`),
  portal: () => call<{ url?: string }>('POST', '/api/billing/portal'),
  checkSubscription: () => call<SubscriptionCheck>('POST', '/api/check-subscription'),
  testCheckout: (id: string) => call<TestCheckout>('GET', `/api/billing/test-checkout/${encodeURIComponent(id)}`),
  completeTestCheckout: (id: string, outcome: 'success' | 'decline') => call<{ url: string }>('POST', `/api/billing/test-checkout/${encodeURIComponent(id)}`, { outcome }),
  testPortal: () => call<TestPortal>('GET', '/api/billing/test-portal'),
  testPortalAction: (action: TestPortalAction) => call<TestPortal>('POST', '/api/billing/test-portal', action),
};
