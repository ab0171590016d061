/**
 * Safe deletes, end to end against the real server, workers and engine: a card with a paid result asks before it is
 * deleted; the deleted image waits in the Trash (the side panel's third view) with its size, date and days left, and
 * Restore puts the card back on the canvas. "Don't ask again for this session" stops the question, and the Delete key
 * then takes a card with results at once. The Trash works by keyboard, and at phone width.
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import { SKIP_DELETE_CONFIRM_KEY, TRASH_RETENTION_DAYS, trashMessages } from '../src/shared/trash';
import { businessUser, saveScreenshot, smallRender, test } from './fixtures';

// every step waits on a real server whose CPU the engine shares
const expect = baseExpect.configure({ timeout: 60_000 });
const NAME = 'gallery.png';
const render = smallRender(NAME);

const card = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const panel = (page: Page) => page.getByTestId('side-panel');
const confirmDialog = (page: Page) => page.getByTestId('delete-card-dialog');
const trashItem = (page: Page) => panel(page).locator(`[data-testid="trash-item"][data-name="${NAME}"]`);
const trashed = async (page: Page) => ((await (await page.request.get('/api/trash')).json()).items as { name: string }[]).map((i) => i.name);

/** The card's × (shown on a selected card). */
async function clickRemove(page: Page) {
  await card(page).click();
  await card(page).getByRole('button', { name: 'Remove image' }).click();
}

/** After the 5 s Undo window the server has it in the trash. */
async function waitUntilTrashed(page: Page) {
  await expect(card(page)).toHaveCount(0);
  await expect.poll(() => trashed(page), { timeout: 30_000 }).toEqual([NAME]);
}

test('a card with results asks before it goes to the Trash; Restore brings it back; "Don\'t ask again" stops asking', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'trash', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(card(page)).toHaveAttribute('data-status', 'idle');

  // a paid result: 2× Precision on the real engine
  await card(page).click();
  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /^Precision/ }).click();
  await page.getByRole('button', { name: 'Enhance Image' }).click();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced', { timeout: 600_000 });
  const complete = page.getByTestId('completion-overlay').getByRole('button', { name: 'View on Canvas' });
  if (await complete.isVisible().catch(() => false)) await complete.click();

  // × on a card with a result: asked first; Cancel keeps it
  await clickRemove(page);
  await expect(confirmDialog(page)).toBeVisible();
  await expect(confirmDialog(page).getByRole('heading', { name: trashMessages.confirmTitle })).toBeVisible();
  await expect(confirmDialog(page)).toContainText(`"${NAME}" has 1 version.`);
  await expect(confirmDialog(page).getByRole('checkbox', { name: trashMessages.dontAskAgain })).not.toBeChecked();
  await saveScreenshot(page, 'trash-confirm-1440.png', { fullPage: false });
  await confirmDialog(page).getByRole('button', { name: trashMessages.cancel }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');

  // confirmed: the card goes (Undo offered for 5 s), then the server has it in the trash
  await clickRemove(page);
  await confirmDialog(page).getByRole('button', { name: trashMessages.confirmAction }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: `"${NAME}" removed` })).toContainText(trashMessages.removedHint);
  await waitUntilTrashed(page);
  expect((await (await page.request.get('/api/images')).json()).images).toEqual([]);

  // the Trash, by keyboard: the side panel's last tab, then Restore
  await page.getByTestId('open-side-panel').click();
  await expect(panel(page)).toBeVisible();
  await panel(page).getByRole('tab', { name: 'Viewports' }).focus();
  // End: the tab list's last tab
  await page.keyboard.press('End');
  await expect(panel(page).getByRole('tab', { name: trashMessages.title })).toBeFocused();
  await expect(panel(page).getByRole('tab', { name: trashMessages.title })).toHaveAttribute('aria-selected', 'true');
  await expect(trashItem(page)).toBeVisible();
  await expect(trashItem(page)).toContainText('1 version');
  await expect(trashItem(page).getByTestId('trash-days-left')).toHaveText(`${TRASH_RETENTION_DAYS} days left`);
  await expect(trashItem(page).locator('img')).toHaveJSProperty('complete', true);
  expect(
    await trashItem(page)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await saveScreenshot(page, 'trash-view-1440.png', { fullPage: false });
  const restore = trashItem(page).getByRole('button', { name: `Restore ${NAME}` });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: `"${NAME}" restored` })).toBeVisible();
  await expect(panel(page).getByTestId('trash-empty')).toHaveText(trashMessages.empty);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  // the card is back on the canvas with its result, without a reload
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');
  expect(await trashed(page)).toEqual([]);

  // a phone: the question and the Trash fit the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await card(page).click();
  await page.keyboard.press('Delete');
  await expect(confirmDialog(page)).toBeVisible();
  const box = (await confirmDialog(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'trash-confirm-390.png', { fullPage: false });
  // "Don't ask again for this session", then Delete
  await confirmDialog(page).getByRole('checkbox', { name: trashMessages.dontAskAgain }).check();
  await confirmDialog(page).getByRole('button', { name: trashMessages.confirmAction }).click();
  await waitUntilTrashed(page);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SKIP_DELETE_CONFIRM_KEY)).toBe('1');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await panel(page).getByRole('tab', { name: trashMessages.title }).click();
  await expect(trashItem(page)).toBeVisible();
  const sheet = (await panel(page).boundingBox())!;
  expect(Math.round(sheet.width)).toBe(390);
  await saveScreenshot(page, 'trash-view-390.png', { fullPage: false });
  await trashItem(page)
    .getByRole('button', { name: `Restore ${NAME}` })
    .click();
  await expect(panel(page).getByTestId('trash-empty')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close panel' }).click();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');

  // the next delete of a card with results does not ask: the Delete key takes it at once
  await page.setViewportSize({ width: 1440, height: 900 });
  await card(page).click();
  await page.keyboard.press('Delete');
  await expect(card(page)).toHaveCount(0);
  await expect(confirmDialog(page)).toHaveCount(0);
  await waitUntilTrashed(page);

  // Delete forever asks, then the trash is empty and the files are gone
  await page.getByTestId('open-side-panel').click();
  await panel(page).getByRole('tab', { name: trashMessages.title }).click();
  const thumb = await trashItem(page).locator('img').getAttribute('src');
  await trashItem(page)
    .getByRole('button', { name: `Delete ${NAME} forever` })
    .click();
  const forever = page.getByTestId('delete-forever-dialog');
  await expect(forever).toContainText(`"${NAME}" and its 1 version will be deleted now. This cannot be undone.`);
  await forever.getByRole('button', { name: trashMessages.deleteForever }).click();
  await expect(panel(page).getByTestId('trash-empty')).toBeVisible();
  expect(await trashed(page)).toEqual([]);
  expect((await page.request.get(thumb!)).status()).toBe(404);
});
