import { expect, type Page } from '@playwright/test';
import { signedInUser, test } from './fixtures';
import { totp } from '@server/testing/totp';

/** The account's own security in a real browser: a backup code in place of the phone, and a new password. */

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('signs in with a backup code', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const { email, password } = await signedInUser(page.request, baseURL!, 'backup-code');

  await page.goto('/profile?tab=settings');
  const twoFactor = page.getByTestId('two-factor-section');
  await twoFactor.locator('input[name="two-factor-password"]').fill(password);
  await twoFactor.getByRole('button', { name: 'Set up two-factor' }).click();
  const list = twoFactor.getByTestId('backup-codes');
  await expect(list.getByRole('button', { name: 'Download' })).toBeVisible();
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  const secret = (await twoFactor.getByTestId('totp-secret').textContent())!.trim();
  await twoFactor.locator('input[name="totp-code"]').fill(totp(secret));
  await twoFactor.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  await expect(twoFactor.getByTestId('backup-codes-remaining')).toHaveText('10 backup codes left.');

  // the phone is lost: the backup code signs in, once
  await context.clearCookies();
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.locator('input[name="backup-code"]').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText('Backup code used. 9 backup codes left.')).toBeVisible();

  await context.clearCookies();
  await signIn(page, email, password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.locator('input[name="backup-code"]').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid backup code. Please try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('changes the password', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const { email, password } = await signedInUser(page.request, baseURL!, 'change-password');
  const newPassword = 'a-new-password-7';

  await page.goto('/profile?tab=settings');
  const section = page.getByTestId('change-password-section');
  await section.locator('input[name="current-password"]').fill('not-my-password');
  await section.locator('input[name="new-password"]').fill(newPassword);
  await section.locator('input[name="confirm-new-password"]').fill('something-else-1');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText("Passwords don't match")).toBeVisible();

  await section.locator('input[name="confirm-new-password"]').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'Your current password is incorrect. Please try again.' })).toBeVisible();

  await section.locator('input[name="current-password"]').fill(password);
  await section.getByLabel('Sign out of other devices').check();
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // this browser stays signed in
  await page.reload();
  await expect(page.getByTestId('change-password-section')).toBeVisible();

  await context.clearCookies();
  await signIn(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/pricing$/);
});
