/**
 * Update detection: a second build deployed while a browser has the app open is noticed on window focus and from
 * 'Check for updates'; with auto-update on the page reloads itself after the countdown, off it waits for Update Now.
 * Before any new build, the check says the app is up to date.
 */
import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { signedInUser, test } from './fixtures';

const deploySecondBuild = () => execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });

test('a second build is noticed under a running browser: countdown and reload, or Update Now', async ({ page, baseURL }) => {
  await signedInUser(page.request, baseURL!, 'updates');
  await page.goto('/profile?tab=settings');
  const build = (await (await page.request.get('/api/version')).json()) as { build: string };
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await expect(page.getByText('App is Up to Date')).toBeVisible();

  // auto-update off: the notice waits for the user
  await page.getByLabel('Update automatically').uncheck();
  deploySecondBuild();
  const next = (await (await page.request.get('/api/version')).json()) as { build: string };
  expect(next.build).not.toBe(build.build);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByTestId('update-notice');
  await expect(notice).toContainText('Update Available');
  await expect(notice).toContainText('A new version is ready. Please update to get the latest features.');
  await expect(page.getByTestId('update-countdown')).toHaveCount(0);
  await page.waitForTimeout(6000);
  await expect(notice).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Update Now' }).click();
  await reloaded;
  await expect(page.getByTestId('update-notice')).toHaveCount(0);

  // auto-update on, more than 30 s after the last update: a 5-second countdown, then the reload by itself
  await page.getByLabel('Update automatically').check();
  await page.evaluate(() => localStorage.setItem('last-update-time', String(Date.now() - 60_000)));
  deploySecondBuild();
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await expect(page.getByTestId('update-countdown')).toContainText(/Updating in \d s/);
  await page.waitForEvent('load', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
});
