/**
 * API keys on the profile's API tab, as a studio's technical director makes one for a render farm: a name and the
 * scopes it needs, the key shown once with a copy button, then only its first characters; the key works against the
 * public API and shows when it was last used; revoked, it is refused on its next request.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { saveScreenshot, signedInUser, test } from './fixtures';

/** No serious or critical accessibility violation (axe). */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
    where,
  ).toEqual([]);
}

test('an API key is created with its scopes, shown once, used, and revoked', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signedInUser(page.request, baseURL!, 'api-keys');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=api$/);
  const card = page.getByTestId('api-keys');
  await expect(card.getByText('No API keys yet.')).toBeVisible();
  await expectAccessible(page, 'the API tab');

  // bad input says why and makes nothing
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Give the key a name.')).toBeVisible();
  await card.getByLabel('Key name').fill('Render farm');
  await card.getByRole('checkbox', { name: /files:read/ }).uncheck();
  await card.getByRole('button', { name: 'Create key' }).click();

  const dialog = page.getByTestId('api-key-created');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('API key created. Copy it now: it will not be shown again.')).toBeVisible();
  const key = (await dialog.getByTestId('api-key-secret').textContent())!.trim();
  expect(key).toMatch(/^rl_live_[A-Za-z0-9_-]{32}$/);
  await dialog.getByRole('button', { name: 'Copy the key' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await saveScreenshot(page, 'api-key-created.png', { fullPage: false });
  await expectAccessible(page, 'the new key dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // from now on only its first characters
  const row = card.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${key.slice(0, 14)}…`);
  await expect(row).toContainText('images:write, jobs:write, jobs:read');
  await expect(row).toContainText('never used');
  await page.reload();
  expect(await page.content()).not.toContain(key);

  // the key works against the public API, within its scopes
  const jobs = await page.request.get('/api/v1/jobs', { headers: { authorization: `Bearer ${key}` } });
  expect(jobs.status()).toBe(200);
  await page.reload();
  await expect(card.getByTestId('api-key-row')).toContainText('last used');
  await saveScreenshot(page, 'profile-api-tab.png');

  // revoked after a confirmation, it is refused on its next request
  await card.getByRole('button', { name: 'Revoke Render farm' }).click();
  const confirm = page.getByTestId('api-key-revoke-confirm');
  await expect(confirm).toContainText('Scripts using this key are refused from their next request.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked.')).toBeVisible();
  await expect(card.getByTestId('api-key-row')).toContainText('Revoked');
  await expect(card.getByRole('button', { name: 'Revoke Render farm' })).toHaveCount(0);
  const refused = await page.request.get('/api/v1/jobs', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect((await refused.json()).detail).toBe('This API key was revoked. Create a new one on your profile, API tab.');

  // the reference the tab links to: every endpoint with a curl example to copy
  await page.goto('/profile?tab=api');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api\/v1\/reference$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('public API');
  const create = page.locator('#post-api-v1-jobs');
  await expect(create).toContainText('Idempotency-Key');
  await create.getByRole('button', { name: 'Copy' }).click();
  await expect(create.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/api/v1/jobs');
  await saveScreenshot(page, 'api-reference.png', { fullPage: false });
  await expectAccessible(page, 'the API reference');
});
