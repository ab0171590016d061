/**
 * 'Clear cache automatically' (Settings → General, on by default) decides what signing out leaves in the browser: on,
 * the local copy of a saved viewport's changes goes (a copy of work saved nowhere else stays); off, it is kept.
 */
import { expect, type Page } from '@playwright/test';
import { signedInUser, test } from './fixtures';

const BACKUP_KEY = 'renderlift:viewport-backup';
const putBackup = (page: Page, sessionId: string | null) =>
  page.evaluate(
    ([key, id]) =>
      localStorage.setItem(key!, JSON.stringify({ userId: 'someone', savedAt: Date.now(), sessionId: id, sessionName: null, data: { images: [] } })),
    [BACKUP_KEY, sessionId] as const,
  );
const readBackup = (page: Page) => page.evaluate((key) => localStorage.getItem(key), BACKUP_KEY);

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
}

test("signing out clears the local copy of a saved viewport's changes, unless 'Clear cache automatically' is off", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInUser(page.request, baseURL!, 'cache');
  await page.goto('/profile?tab=settings');
  const clearSwitch = page.getByTestId('general-settings').getByLabel('Clear cache automatically');
  await expect(clearSwitch).toBeChecked();
  await expect(page.getByTestId('auto-clear-cache-switch')).toContainText('Signing out clears what this browser keeps of your account');
  await putBackup(page, 'a-saved-viewport');
  await logOut(page);
  expect(await readBackup(page)).toBeNull();

  // work that belongs to no saved viewport exists nowhere else: it is kept
  await signedInUser(page.request, baseURL!, 'cache');
  await page.goto('/profile?tab=settings');
  await putBackup(page, null);
  await logOut(page);
  expect(await readBackup(page)).not.toBeNull();

  // switched off, signing out keeps everything
  await signedInUser(page.request, baseURL!, 'cache');
  await page.goto('/profile?tab=settings');
  await clearSwitch.uncheck();
  await putBackup(page, 'a-saved-viewport');
  await logOut(page);
  expect(JSON.parse((await readBackup(page))!).sessionId).toBe('a-saved-viewport');
});
