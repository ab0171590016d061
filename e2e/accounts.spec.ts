import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { totp } from '@server/testing/totp';

/**
 * The account journey in a real browser against a real server: sign up as a business, verify with the code from
 * /dev/mailbox, sign in, meet the paid-plan guard, reset the password, turn on TOTP, delete the account.
 */

/** The newest mail of a kind to an address, from the development mailbox; mails asked for by forms arrive a moment after. */
async function mailText(page: Page, to: string, template: string): Promise<string> {
  const mail = page.locator(`article[data-to="${to}"][data-template="${template}"]`).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(mail).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return (await mail.locator('pre.text').textContent()) ?? '';
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('sign up, verify, sign in, reset the password, use TOTP, delete the account', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = `e2e${Date.now()}@studio-north.de`;
  const password = 'first-password-1';
  const newPassword = 'second-password-2';

  // sign up as a business: a company domain shows a hint, the business toggle stays the user's choice
  await page.goto('/signup');
  // the workspace needs a paid plan (seed 000 §2): sign-up promises no credits a free account cannot spend
  await expect(page.getByText('Create your account, then choose a plan to start enhancing.')).toBeVisible();
  await expect(page.getByText(/free credits/i)).toHaveCount(0);
  await page.locator('input[name="firstName"]').fill('Erika');
  await page.locator('input[name="lastName"]').fill('Muster');
  await page.locator('input[name="email"]').fill(email);
  await expect(page.getByText('Business email detected')).toBeVisible();
  await expect(page.locator('input[name="isBusiness"]')).not.toBeChecked();
  await page.locator('input[name="isBusiness"]').check();
  // every ISO 3166-1 country, Switzerland and India among them
  expect(await page.locator('select[name="country"] option').count()).toBeGreaterThan(240);
  await expect(page.locator('select[name="country"] option[value="CH"]')).toHaveText('Switzerland');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  await page.locator('select[name="country"]').selectOption('DE');
  await page.locator('input[name="company"]').fill('Studio North GmbH');
  await page.locator('input[name="vatId"]').fill('de136695976');
  await page.locator('select[name="businessType"]').selectOption('llc');
  await page.locator('select[name="industry"]').selectOption('Construction');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('You must accept the Terms of Service to continue')).toBeVisible();
  await page.locator('input[name="termsAccepted"]').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Wait \d+s/ })).toBeDisabled();

  // read the code in the local mailbox and verify by hand
  const code = (await mailText(page, email, 'verification')).match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
  await page.goto('/verify');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[name="code"]').fill(code);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  // sign in; the free plan meets the paid-plan guard of /enhance
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/pricing$/);

  // forgot password → reset with the code → sign in with the new password
  await context.clearCookies();
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.locator('input[type="email"]').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try another email address' })).toBeVisible();
  const resetCode = (await mailText(page, email, 'password-reset')).match(/\/reset-password\/([A-Z0-9]{6})/)![1];
  await page.goto('/reset-password');
  await page.locator('input[name="code"]').fill(resetCode.toLowerCase());
  await page.locator('input[name="new-password"]').fill(newPassword);
  await page.locator('input[name="confirm-password"]').fill('not-the-same');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.locator('input[name="confirm-password"]').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/pricing$/);

  // turn on TOTP from the settings section, then sign in with a generated code
  await page.goto('/profile?tab=settings');
  const twoFactor = page.getByTestId('two-factor-section');
  await twoFactor.locator('input[name="two-factor-password"]').fill(newPassword);
  await twoFactor.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await twoFactor.getByTestId('totp-secret').textContent())!.trim();
  await twoFactor.locator('input[name="totp-code"]').fill(totp(secret));
  await twoFactor.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();

  await context.clearCookies();
  await signIn(page, email, newPassword);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // the next 30-second step's code: the one used to enrol is not accepted twice
  await page.locator('input[name="totp"]').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  // delete the account; signing in fails afterwards
  await page.goto('/profile?tab=settings');
  const danger = page.getByTestId('delete-account-section');
  await danger.getByRole('button', { name: 'Delete Account' }).click();
  // a wrong password deletes nothing and is said once, at the field
  await danger.getByLabel('Enter your password to confirm').fill('not-my-password-9');
  await danger.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(danger.getByText('Your current password is incorrect. Please try again.')).toBeVisible();
  await expect(page.getByText('Failed to delete account')).toHaveCount(0);
  await danger.getByLabel('Enter your password to confirm').fill(newPassword);
  await danger.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, newPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
