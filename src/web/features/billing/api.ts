/** The billing calls (seed 001 §7.5 create-checkout, customer-portal, check-subscription) and the test-mode pages' calls. */
import type { BusinessInfoInput, TestPortalAction } from '@shared/billing';
import type { BillingStatus, CheckoutStatus, RedirectUrl, SubscriptionCheck, TestCheckout, TestPortal } from '@shared/api/billing';
import { apiRequest } from '@web/lib/api-client';

export { ApiError as BillingApiError } from '@web/lib/api-client';
const call = apiRequest;

export type { TestCheckout, TestPortal } from '@shared/api/billing';

export const billingApi = {
  status: () => call<BillingStatus>('GET', '/api/billing'),
  checkout: (plan: string, businessInfo?: BusinessInfoInput) =>
    call<RedirectUrl>('POST', '/api/billing/checkout', { plan, ...(businessInfo ? { businessInfo } : {}) }),
  checkoutStatus: (id: string) => call<CheckoutStatus>('GET', `/api/billing/checkout/${encodeURIComponent(id)}`),
  portal: () => call<RedirectUrl>('POST', '/api/billing/portal'),
  checkSubscription: () => call<SubscriptionCheck>('POST', '/api/check-subscription'),
  testCheckout: (id: string) => call<TestCheckout>('GET', `/api/billing/test-checkout/${encodeURIComponent(id)}`),
  completeTestCheckout: (id: string, outcome: 'success' | 'decline') =>
    call<RedirectUrl>('POST', `/api/billing/test-checkout/${encodeURIComponent(id)}`, { outcome }),
  testPortal: () => call<TestPortal>('GET', '/api/billing/test-portal'),
  testPortalAction: (action: TestPortalAction) => call<TestPortal>('POST', '/api/billing/test-portal', action),
};
