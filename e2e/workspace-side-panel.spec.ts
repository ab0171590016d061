/**
 * The workspace's Profile Settings side panel: the control panel's avatar opens it over the canvas without leaving
 * /enhance. Its Viewports view creates, opens and deletes viewports (the workspace follows); its Preferences view is
 * the full page's Settings, so a switch flipped there is what /profile shows. Escape closes it and hands focus back;
 * on a phone it takes the whole width.
 */
import { expect, type Page } from '@playwright/test';
import { businessUser, saveScreenshot, test, smallRender } from './fixtures';

const NAME = 'atrium.png';

const render = smallRender(NAME);

const imageCard = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const panel = (page: Page) => page.getByTestId('side-panel');
const viewportCard = (page: Page, name: string) => panel(page).locator(`[data-testid="viewport-card"][data-name="${name}"]`);
const savedNames = async (page: Page) =>
  ((await (await page.request.get('/api/viewports')).json()).sessions as { session_name: string }[]).map((s) => s.session_name).sort();

async function saveAs(page: Page, name: string) {
  await page.getByTestId('tool-save').click();
  const dialog = page.getByTestId('save-session-dialog');
  await dialog.getByLabel('Session Name').fill(name);
  await dialog.getByLabel('Session Name').press('Enter');
  await expect(page.getByTestId('session-name')).toHaveText(name);
}

test('the side panel opens over the workspace: viewports created, opened and deleted there, preferences shared with /profile', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'panel', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(imageCard(page)).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  await saveAs(page, 'Atrium');
  // unsaved changes, so that leaving /enhance would ask
  const box = (await imageCard(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 3 + 40, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();

  // the avatar opens the panel over the canvas: still /enhance, no leave dialog
  const avatar = page.getByTestId('open-side-panel');
  await avatar.click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(panel(page).getByRole('tab', { name: 'Viewports' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/enhance$/);
  await expect(page.getByText('Save Your Viewport?')).toHaveCount(0);
  await expect(viewportCard(page, 'Atrium')).toContainText('1 image');
  await expect(viewportCard(page, 'Atrium')).not.toContainText('1 images');
  await expect(page.getByTestId('workspace')).toBeAttached();
  await saveScreenshot(page, 'side-panel-viewports-1440.png', { fullPage: false });

  // Escape closes it and focus is back on the avatar
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(avatar).toBeFocused();

  // focus stays inside while it is open
  await avatar.click();
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await panel(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // a new viewport from the panel: it closes, and the workspace follows the new, empty viewport
  await panel(page).getByTestId('viewport-create').click();
  const create = page.getByTestId('new-viewport-dialog');
  await create.getByLabel('Viewport Name').fill('Lobby');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(page.getByTestId('session-name')).toHaveText('Lobby');
  await expect(page.getByTestId('image-card')).toHaveCount(0);
  expect(await savedNames(page)).toEqual(['Atrium', 'Lobby']);

  // opening a saved viewport from the panel loads it into the workspace
  await avatar.click();
  await expect(viewportCard(page, 'Lobby')).toHaveAttribute('data-active', 'true');
  await viewportCard(page, 'Atrium').getByRole('button').first().click();
  await expect(panel(page)).toBeHidden();
  await expect(page.getByTestId('session-name')).toHaveText('Atrium');
  await expect(imageCard(page)).toBeVisible();
  await expect(page).toHaveURL(/\/enhance$/);

  // deleting asks first, as everywhere
  await avatar.click();
  await viewportCard(page, 'Lobby').hover();
  await viewportCard(page, 'Lobby').getByTestId('viewport-delete').click();
  const confirm = page.getByTestId('delete-viewport-dialog');
  await expect(confirm.getByText('Delete viewport "Lobby"?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(viewportCard(page, 'Lobby')).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  expect(await savedNames(page)).toEqual(['Atrium']);

  // Preferences: the same settings as /profile
  await panel(page).getByRole('tab', { name: 'Preferences' }).click();
  await expect(panel(page).getByTestId('general-settings')).toBeVisible();
  await expect(panel(page).getByTestId('app-version')).toContainText(/Renderlift \d+\.\d+\.\d+/);
  await panel(page).getByLabel('Clear cache automatically').uncheck();
  await panel(page).getByRole('tab', { name: 'Notifications' }).click();
  const marketing = panel(page).getByRole('switch', { name: 'Marketing emails' });
  await expect(marketing).toHaveAttribute('aria-checked', 'false');
  await marketing.click();
  await expect(marketing).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(marketing).toHaveAttribute('aria-checked', 'true');
  await saveScreenshot(page, 'side-panel-preferences-1440.png', { fullPage: false });
  await panel(page).getByRole('button', { name: 'Close panel' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(avatar).toBeFocused();

  // the toolbar's Settings opens the panel on Preferences
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(panel(page).getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true');

  // a phone: the panel is a full-width sheet
  await page.setViewportSize({ width: 390, height: 844 });
  await panel(page).getByRole('tab', { name: 'Viewports' }).click();
  const sheet = (await panel(page).boundingBox())!;
  expect(Math.round(sheet.x)).toBe(0);
  expect(Math.round(sheet.width)).toBe(390);
  await saveScreenshot(page, 'side-panel-viewports-390.png', { fullPage: false });
  await panel(page).getByRole('tab', { name: 'Preferences' }).click();
  await saveScreenshot(page, 'side-panel-preferences-390.png', { fullPage: false });

  // the last viewport deleted: 'No Saved Viewports'
  await panel(page).getByRole('tab', { name: 'Viewports' }).click();
  await viewportCard(page, 'Atrium').getByTestId('viewport-delete').focus();
  await viewportCard(page, 'Atrium').getByTestId('viewport-delete').press('Enter');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(panel(page).getByTestId('viewports-empty')).toContainText('No Saved Viewports');

  // what was switched in the panel is what the full page shows
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/profile?tab=settings');
  await expect(page.getByTestId('general-settings').getByLabel('Clear cache automatically')).not.toBeChecked();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Marketing emails' })).toHaveAttribute('aria-checked', 'true');
});
