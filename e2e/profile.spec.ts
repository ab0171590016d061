/**
 * Profile Settings, as a user keeps them: the tabs follow the URL and the arrow keys; names and business details are
 * edited and still there after a reload; the Credits tab shows the bar, the pricing per resolution, recent activity and
 * the whole ledger, which downloads as CSV.
 */
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { adminCommand, saveScreenshot, signedInUser, test } from './fixtures';

test('profile tabs, personal and business details kept across a reload, credits and the ledger as CSV', async ({ page, baseURL }) => {
  const user = await signedInUser(page.request, baseURL!, 'profile');
  await page.goto('/profile?tab=nonsense');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('profile-summary')).toContainText(user.email);
  await expect(page.getByTestId('profile-summary')).toContainText('Free plan · Member since');

  // keyboard: the arrow keys move along the tabs and the URL follows
  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Credits' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/profile\?tab=credits$/);
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/profile$/);

  // a profile picture: shown on the page and in the navigation, removable
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile picture file').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('avatar-image')).toBeVisible();
  await expect(page.getByTestId('nav-avatar')).toBeVisible();
  await page.getByLabel('Profile picture file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText('File type must be JPEG, PNG, GIF, BMP or WebP')).toBeVisible();
  await expect(page.getByTestId('avatar-image')).toBeVisible();
  await page.getByRole('button', { name: 'Remove profile picture' }).click();
  await expect(page.getByTestId('avatar-image')).toHaveCount(0);
  await expect(page.getByTestId('nav-avatar')).toHaveCount(0);

  // personal information
  const personal = page.getByTestId('personal-info');
  await personal.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(personal.getByLabel('Email')).toBeDisabled();
  await expect(personal.getByText('Email cannot be changed')).toBeVisible();
  await personal.getByLabel('First name').fill('Marit');
  await personal.getByLabel('Last name').fill('Lund-Olsen');
  await personal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  // a personal account becomes a business one; the form says what is missing and clears it on edit
  const business = page.getByTestId('business-info');
  await business.getByRole('button', { name: 'Switch to a business account' }).click();
  await business.getByRole('button', { name: 'Save Business Info' }).click();
  await expect(business.getByText('Company name is required')).toBeVisible();
  await expect(business.getByText('Country is required')).toBeVisible();
  await business.getByLabel('Company name').fill('Lund Visual');
  await expect(business.getByText('Company name is required')).toHaveCount(0);
  await business.getByLabel('Country').selectOption('DE');
  await business.getByLabel('VAT ID').fill('DE123');
  await business.getByRole('button', { name: 'Save Business Info' }).click();
  await expect(business.getByText('This VAT ID is not valid. Please check the number and country.')).toBeVisible();
  await business.getByLabel('VAT ID').fill('DE136695976');
  await business.getByLabel('Industry').selectOption('Real Estate');
  await business.getByRole('button', { name: 'Save Business Info' }).click();
  await expect(page.getByText('Business information updated')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('display-name')).toHaveText('Marit Lund-Olsen');
  await expect(page.getByTestId('business-info')).toContainText('Lund Visual');
  await expect(page.getByTestId('business-info')).toContainText('DE136695976');
  await expect(page.getByTestId('business-info')).toContainText('Real Estate');
  await saveScreenshot(page, 'profile.png');

  // credits: a free account is low and offered an upgrade; after a plan grant the bar, the ledger and the CSV follow
  await page.getByRole('tab', { name: 'Credits' }).click();
  await expect(page.getByTestId('low-credits')).toContainText('4 left');
  await expect(page.getByRole('link', { name: 'Upgrade for more credits' })).toBeVisible();
  await expect(page.getByTestId('recent-activity')).toContainText('No enhancements yet.');
  await adminCommand('grant-plan', user.email, 'business');
  await page.reload();
  await expect(page.getByTestId('credits-card')).toContainText('1000 of 1000 this month');
  await expect(page.getByTestId('low-credits')).toHaveCount(0);
  await expect(page.getByTestId('credit-ledger')).toContainText('Complimentary plan');
  await expect(page.getByTestId('credit-ledger')).toContainText('+996');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).createReadStream();
  const csv = await new Promise<string>((resolve) => {
    let text = '';
    file.on('data', (c) => (text += c));
    file.on('end', () => resolve(text));
  });
  expect(csv.split('\r\n')[0]).toBe('date,reason,description,credits,balance_after,job_id,job,invoice_id');
  expect(csv).toContain(',complimentary,Complimentary plan,996,1000,');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await saveScreenshot(page, 'profile-credits.png');
});

test('settings: notification switches kept on the server, devices listed, other devices signed out', async ({ page, browser, baseURL }) => {
  const user = await signedInUser(page.request, baseURL!, 'settings');
  // the same account on a second device
  const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const other = await browser.newContext({ baseURL, userAgent: firefoxOnWindows });
  const signIn = await other.request.post('/api/auth/sign-in/email', { headers: { Origin: baseURL! }, data: { email: user.email, password: user.password } });
  expect(signIn.status()).toBe(200);

  await page.goto('/profile?tab=settings');
  // Settings has two sub-tabs, General first
  await expect(page.getByTestId('general-settings')).toBeVisible();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const notifications = page.getByTestId('notifications');
  const processing = notifications.getByRole('switch', { name: 'Processing complete' });
  await expect(processing).toHaveAttribute('aria-checked', 'true');
  await expect(notifications.getByRole('switch', { name: 'Marketing emails' })).toHaveAttribute('aria-checked', 'false');
  await processing.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  // the master switch greys out the others
  await notifications.getByRole('switch', { name: 'Email notifications' }).click();
  await expect(notifications.getByRole('switch', { name: 'Low credits warning' })).toBeDisabled();
  // the sub-tab is in the address, so a reload comes back to it
  await expect(page).toHaveURL(/[?&]section=notifications(&|$)/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('notifications').getByRole('switch', { name: 'Processing complete' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('notifications').getByRole('switch', { name: 'Email notifications' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('tab', { name: 'General' }).click();

  // time zone: every date follows the one chosen here
  await expect(page.getByTestId('app-version')).toContainText(/Renderlift \d+\.\d+\.\d+/);
  // time zones as readable names, grouped by region
  const zones = page.getByTestId('general-settings').getByLabel('Time zone');
  await expect(zones.locator('optgroup[label="Europe"] option[value="Europe/Zurich"]')).toHaveText(/^Europe — Zurich \(UTC[+−-]\d\d:\d\d\)$/);
  await zones.selectOption('Pacific/Kiritimati');
  const ledger = (await (await page.request.get('/api/credits/ledger')).json()) as { items: { created_at: string }[] };
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Kiritimati' }).format(
    new Date(ledger.items[0].created_at),
  );
  await page.getByRole('tab', { name: 'Credits' }).click();
  await expect(page.getByTestId('credit-ledger')).toContainText(expected);
  await page.getByRole('tab', { name: 'Settings' }).click();

  const devices = page.getByTestId('device-list').getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(page.getByTestId('device-list')).toContainText('This device');
  await expect(page.getByTestId('device-list')).toContainText('Firefox on Windows');
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(devices).toHaveCount(1);
  // the activity names the device that was signed out, not only the one that asked
  await expect(page.getByTestId('ended-devices').first()).toHaveText('ended Firefox on Windows');
  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.close();
});
