import { expect, type Page } from '@playwright/test';
import { adminCommand, test } from './fixtures';

/**
 * Plans and billing in local test mode, in a real browser against a real server: a free user buys Professional
 * through the details dialog and the built-in test checkout, first with a declined card (nothing changes), then paid.
 */

async function mailText(page: Page, to: string, template: string): Promise<string> {
  await page.goto('/dev/mailbox');
  const mail = page.locator(`article[data-to="${to}"][data-template="${template}"]`).first();
  await expect(mail).toHaveCount(1);
  return (await mail.locator('pre.text').textContent()) ?? '';
}

/** A verified, signed-in free user, through the API (the account journey itself is e2e/accounts.spec.ts). */
async function signedInFreeUser(page: Page) {
  const email = `billing${Date.now()}@example.com`;
  const password = 'billing-password-1';
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  const headers = { origin };
  const signup = await page.request.post('/api/accounts/signup', {
    headers,
    data: {
      email,
      password,
      terms_accepted: true,
      user_metadata: { first_name: 'Paula', last_name: 'Payer', country: 'DE', is_business: false, marketing_opt_in: false },
    },
  });
  expect(signup.status()).toBe(201);
  const code = (await mailText(page, email, 'verification')).match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
  expect((await page.request.post('/api/accounts/verify-email', { headers, data: { email, code } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } })).status()).toBe(200);
  return { email, headers };
}

test('free user buys Professional in test mode: decline changes nothing, payment opens /enhance with 500 credits', async ({ page }) => {
  test.setTimeout(120_000);
  const { email, headers } = await signedInFreeUser(page);

  // a free plan cannot open the workspace, and the pricing page says why on arrival
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Enhance', exact: true }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByTestId('paid-plan-required')).toHaveText(
    'The workspace needs a paid plan. Your account is on Free: choose a plan below to start enhancing your renders.',
  );
  // the note belongs to the arrival, not to the page
  await page.reload();
  await expect(page.getByTestId('paid-plan-required')).toHaveCount(0);
  await expect(page.getByTestId('nav-credits')).toHaveText(/4 credits/);
  await expect(page.getByText('All plans include secure payment processing and can be cancelled anytime.')).toBeVisible();
  await expect(page.getByTestId('plan-card-enterprise').getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  await expect(page.getByTestId('plan-card-professional').getByTestId('plan-price')).toHaveText('€29.00/month');

  // no company name on the profile: the subscription details dialog comes first
  await page.getByTestId('plan-card-professional').getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Details' });
  await expect(dialog).toBeVisible();
  // the country given at sign-up is filled in; without one, the form says it is required
  await expect(dialog.locator('select[name="country"]')).toHaveValue('DE');
  await dialog.locator('select[name="country"]').selectOption('');
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(dialog.getByText('Country is required')).toBeVisible();
  await dialog.locator('input[name="isBusiness"]').check();
  await dialog.locator('select[name="country"]').selectOption('DE');
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(dialog.getByText('Company name is required for business customers')).toBeVisible();
  await dialog.locator('input[name="companyName"]').fill('Studio Payer GmbH');
  await dialog.locator('input[name="vatId"]').fill('DE136695976');
  await dialog.locator('select[name="businessType"]').selectOption('llc');
  await dialog.locator('select[name="industry"]').selectOption('technology');
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();

  // the built-in test checkout shows the mode, the plan and the amount
  await expect(page).toHaveURL(/\/checkout-test\/cs_local_/);
  await expect(page.getByText('Test mode — no real payment').first()).toBeVisible();
  await expect(page.getByTestId('checkout-plan')).toHaveText('Professional plan');
  await expect(page.getByTestId('checkout-amount')).toContainText('€29.00');

  // a declined card: the failure shows and nothing changes
  await page.getByRole('button', { name: 'Decline Payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  const check = await page.request.post('/api/check-subscription', { headers });
  expect(await check.json()).toEqual({ subscribed: false, subscription_tier: 'free' });
  await expect(page.getByTestId('nav-credits')).toHaveText(/4 credits/);

  // paid: Payment Successful, read from the server
  await page.getByRole('button', { name: 'Pay €29.00' }).click();
  await expect(page).toHaveURL(/\/payment-success\?type=subscription&session_id=cs_local_\w+&success=true/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByTestId('payment-truth')).toContainText('Your Professional subscription is now active');
  await expect(page.getByRole('link', { name: 'View Subscription' })).toHaveAttribute('href', '/profile?tab=billing');
  await expect(page.getByRole('button', { name: 'Refresh Account' })).toBeVisible();
  // 'View Subscription' stays readable under the pointer
  const view = page.getByRole('link', { name: 'View Subscription' });
  await view.hover();
  const colours = await view.evaluate((el) => {
    const s = getComputedStyle(el);
    return { text: s.color, background: s.backgroundColor };
  });
  expect(colours.text, JSON.stringify(colours)).not.toBe(colours.background);
  expect(colours.background, JSON.stringify(colours)).not.toMatch(/^rgb\((2[4-5]\d), (2[4-5]\d), (2[4-5]\d)\)$/);

  await page.getByRole('link', { name: 'Start Enhancing Images' }).click();
  await expect(page).toHaveURL(/\/enhance$/);
  await expect(page.getByTestId('nav-credits')).toHaveText(/500 credits/);

  // a forged or replayed link shows the truth
  await page.goto('/payment-success?type=credits&credits=9999&session_id=cs_local_forged&success=true');
  await expect(page.getByRole('heading', { name: 'Payment not confirmed' })).toBeVisible();
  await expect(page.getByTestId('payment-truth')).toContainText('Professional with 500 credits');

  // the Billing tab: current plan, the upgrade to Business, subscription management
  await page.goto('/profile?tab=billing');
  await expect(page.getByTestId('current-plan-name')).toContainText('Professional');
  await expect(page.getByTestId('upgrade-plan-card').getByRole('button', { name: 'Upgrade to Business' })).toBeVisible();
  await expect(page.getByTestId('subscription-management-card')).toBeVisible();
  await expect(page.getByTestId('current-plan-price')).toHaveText('€29.00/month');

  // deleting the account says the running subscription goes with it
  await page.goto('/profile?tab=settings');
  await page.getByTestId('delete-account-section').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByTestId('delete-cancels-subscription')).toHaveText(
    'Your Professional subscription is cancelled with the account: no further payments are taken.',
  );
  await page.getByTestId('delete-account-section').getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/profile?tab=billing');

  // the company name is saved now: upgrading goes straight on, to confirm the change of the running subscription
  await page.getByTestId('upgrade-plan-card').getByRole('button', { name: 'Upgrade to Business' }).click();
  await expect(page).toHaveURL(/\/checkout-test\/portal\?plan=business$/);
  await page.getByRole('button', { name: 'Switch to Business · €49.00' }).click();
  await expect(page.getByTestId('portal-plan')).toHaveText('Business · €49.00 per month');
  await expect(page.getByTestId('nav-credits')).toHaveText(/1,000 credits/);
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText(/Cancels on .*Your plan stays active until then\./)).toBeVisible();
  await page.getByRole('link', { name: 'Return to billing' }).click();
  await expect(page.getByTestId('current-plan-name')).toContainText('Business');
  await expect(page.getByTestId('current-plan-card')).toContainText('Cancelled: your plan stays active until');
  await expect(page.getByTestId('upgrade-plan-card')).toHaveCount(0);

  // the confirmation mail went out
  expect(await mailText(page, email, 'subscription-confirmed')).toContain('Professional');
});

test('a beta user is shown no price and no "upgrade" that would lower the credits', async ({ page }) => {
  test.setTimeout(60_000);
  const { email } = await signedInFreeUser(page);
  await adminCommand('grant-beta', email);
  await page.goto('/profile?tab=billing');
  await expect(page.getByTestId('current-plan-card')).toContainText('Beta');
  await expect(page.getByTestId('current-plan-price')).toHaveText('Beta access · no charge');
  await expect(page.getByTestId('billing-credits')).toContainText('2,000');
  await expect(page.getByTestId('upgrade-plan-card')).toHaveCount(0);
  // nothing was bought: no subscription to manage, and nothing to cancel with the account
  await expect(page.getByTestId('subscription-management-card')).toHaveCount(0);
  await page.goto('/profile?tab=settings');
  await page.getByTestId('delete-account-section').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Are you sure? Your account and all of its data will be permanently deleted.')).toBeVisible();
  await expect(page.getByTestId('delete-cancels-subscription')).toHaveCount(0);
});
