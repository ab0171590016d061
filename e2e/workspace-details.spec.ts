/**
 * Small things a user meets on the way: each route has its own tab title; a failed sign-in's toast does not follow
 * a successful one onto the next page; one upload reads '1 image', and a picked file that is not an image is named
 * as skipped; 'Enhance Image' cannot be pressed while the target is over the 64 MP limit (the inline message says
 * why, no toast repeats it); the three buttons of 'Save Your Viewport?' sit on one row.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { adminCommand, signedInUser, test } from './fixtures';

let folder: string;
test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-details-'));
  // 2000 × 1200 at 6× is 12000 × 7200: 86.4 MP, over the 64 MP limit
  await sharp({ create: { width: 2000, height: 1200, channels: 3, background: { r: 90, g: 110, b: 140 } } })
    .png()
    .toFile(path.join(folder, 'wide.png'));
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an image');
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

test('titles, sign-in toasts, upload summary, the 64 MP limit and the leave dialog', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  // every route has a tab title of its own
  for (const [route, title] of [
    ['/', 'Renderlift — AI powered enhancement for 3D renders'],
    ['/pricing', 'Pricing · Renderlift'],
    ['/about', 'About · Renderlift'],
    ['/login', 'Log In · Renderlift'],
  ]) {
    await page.goto(route);
    await expect(page).toHaveTitle(title);
  }

  // a failed attempt, then the right password: the red toast does not come along
  const { email, password } = await signedInUser(page.request, baseURL!, 'details');
  await page.context().clearCookies();
  await adminCommand('grant-plan', email, 'business');
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await page.locator('input[name="password"]').fill(password);
  // the workspace has arrived once it has asked for the open viewport: what is uploaded from then on is unsaved work
  const arrived = page.waitForResponse((r) => r.url().endsWith('/api/viewports/active'));
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/enhance$/);
  await arrived;
  await expect(page).toHaveTitle('Enhance · Renderlift');
  await expect(toast(page, 'Invalid email or password')).toHaveCount(0);

  // one image and a text file: '1 image', and the text file named as skipped
  await page.getByTestId('file-input').setInputFiles([path.join(folder, 'wide.png'), path.join(folder, 'notes.txt')]);
  await expect(toast(page, 'Upload Finished')).toContainText('1 image uploaded successfully, 0 failed. Skipped, not an image: notes.txt');
  const card = page.locator('[data-testid="image-card"][data-name="wide.png"]');
  await expect(card).toHaveAttribute('data-status', 'idle');

  // over 64 MP the button is off and the reason is shown once, inline
  await card.click();
  await page.getByRole('radio', { name: '6×' }).click();
  await expect(page.getByTestId('readout-error')).toHaveText('Enhanced resolution (12000x7200) exceeds 64 megapixel limit. Please reduce scale.');
  const enhance = page.getByRole('button', { name: 'Enhance Image' });
  await expect(enhance).toBeDisabled();
  await enhance.click({ force: true });
  await expect(toast(page, 'megapixel')).toHaveCount(0);
  await page.getByRole('radio', { name: '2×' }).click();
  await expect(page.getByTestId('readout-error')).toHaveCount(0);
  await expect(enhance).toBeEnabled();

  // leaving with unsaved work: the three choices on one row
  await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).first().click();
  const leave = page.getByTestId('leave-dialog');
  await expect(leave.getByText('Save Your Viewport?')).toBeVisible();
  const tops = await Promise.all(
    ['Cancel', 'Continue Without Saving', 'Save & Continue'].map(async (name) => (await leave.getByRole('button', { name }).boundingBox())!.y),
  );
  expect(new Set(tops.map(Math.round)).size, `button rows: ${tops.join(', ')}`).toBe(1);
  await leave.getByRole('button', { name: 'Cancel' }).click();
});
