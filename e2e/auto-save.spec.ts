/**
 * Auto-save images (Settings → General, on by default): a card moved in an open viewport is saved by itself once the
 * workspace rests, and is where it was left after a reload; with the switch off, the move stays unsaved (a reload
 * offers the local copy instead) and the server keeps the old layout.
 */
import { expect, type Page } from '@playwright/test';
import { businessUser, test, smallRender } from './fixtures';

// the product's default: this journey is about the switch itself
test.use({ autoSaveDefault: true });

const NAME = 'gallery.png';
/** The auto-save wait (src/web/features/sessions/lib/auto-save.ts) with room for a loaded machine. */
const AUTO_SAVE_WAIT_MS = 2000 + 2500;

const render = smallRender(NAME);

const imageCard = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const savedPosition = async (page: Page) => {
  const s = (await (await page.request.get('/api/viewports/active')).json()).session;
  const p = s.viewport_data.images[0].position as { x: number; y: number };
  return { x: Math.round(p.x), y: Math.round(p.y) };
};

async function moveCard(page: Page, dx: number, dy: number) {
  await expect(imageCard(page)).toBeVisible();
  const box = (await imageCard(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await page.mouse.up();
}

/** Settings → General's Auto-save images, on /profile; back in the workspace afterwards. */
async function autoSaveSwitch(page: Page, act: (box: ReturnType<Page['getByLabel']>) => Promise<void>) {
  await page.goto('/profile?tab=settings');
  await act(page.getByTestId('general-settings').getByLabel('Auto-save images'));
  await page.goto('/enhance');
  await expect(imageCard(page)).toBeVisible();
}

test('a moved card is saved by itself with auto-save on, and stays unsaved with it off', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'autosave', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(imageCard(page)).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });

  // no open viewport: nothing is saved, whatever the switch says
  await moveCard(page, 60, 20);
  await page.waitForTimeout(AUTO_SAVE_WAIT_MS);
  expect((await (await page.request.get('/api/viewports')).json()).sessions).toHaveLength(0);

  await page.getByTestId('tool-save').click();
  await page.getByTestId('save-session-dialog').getByLabel('Session Name').fill('Gallery');
  await page.getByTestId('save-session-dialog').getByLabel('Session Name').press('Enter');
  await expect(page.getByTestId('session-name')).toHaveText('Gallery');
  const first = await savedPosition(page);

  // the default is on: the move is saved once the workspace rests, without a toast
  await autoSaveSwitch(page, (box) => expect(box).toBeChecked());
  await expect(page.getByTestId('session-name')).toHaveText('Gallery');
  await moveCard(page, 180, 90);
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  await expect(page.getByTestId('auto-save-state')).toHaveText('Saved', { timeout: 15_000 });
  await expect(page.getByTestId('unsaved-dot')).toBeHidden();
  await expect(page.getByText('Session updated successfully!')).toHaveCount(0);
  const moved = await savedPosition(page);
  expect(moved.x - first.x).toBeGreaterThan(50);

  // reloaded, the card is where it was left and nothing is unsaved
  await page.reload();
  await expect(page.getByTestId('session-name')).toHaveText('Gallery');
  await expect(imageCard(page)).toBeVisible();
  await expect(page.getByTestId('backup-dialog')).toHaveCount(0);
  await expect(page.getByTestId('unsaved-dot')).toHaveCount(0);
  expect(await savedPosition(page)).toEqual(moved);

  // switched off: a move stays unsaved, and the server keeps the layout it had
  await autoSaveSwitch(page, (box) => box.uncheck());
  await moveCard(page, -200, 60);
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  await page.waitForTimeout(AUTO_SAVE_WAIT_MS);
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  expect(await savedPosition(page)).toEqual(moved);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('renderlift:viewport-backup') !== null)).toBe(true);
  await page.reload();
  await expect(page.getByTestId('backup-dialog')).toBeVisible();
  expect(await savedPosition(page)).toEqual(moved);
});

test('an auto-save the server does not take says so once and waits for the next change', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'autosave-fail', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(imageCard(page)).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  await page.getByTestId('tool-save').click();
  await page.getByTestId('save-session-dialog').getByLabel('Session Name').fill('Gallery');
  await page.getByTestId('save-session-dialog').getByLabel('Session Name').press('Enter');
  await expect(page.getByTestId('session-name')).toHaveText('Gallery');
  const first = await savedPosition(page);

  // the server answers every update of the viewport with a failure
  let updates = 0;
  await page.route(/\/api\/viewports\/[^/]+$/, async (route) => {
    if (route.request().method() === 'GET') return route.continue();
    updates++;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }) });
  });
  await moveCard(page, 180, 90);
  await expect(page.getByText('Failed to update session. Please save manually.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  // not sent again while nothing changes
  await page.waitForTimeout(AUTO_SAVE_WAIT_MS);
  expect(updates).toBe(1);
  expect(await savedPosition(page)).toEqual(first);

  // the server takes updates again: the next change is saved by itself
  await page.unroute(/\/api\/viewports\/[^/]+$/);
  await moveCard(page, -120, 40);
  await expect(page.getByTestId('auto-save-state')).toHaveText('Saved', { timeout: 15_000 });
  expect((await savedPosition(page)).x).not.toBe(first.x);
});
