/**
 * Destructive viewport actions ask first: deleting a saved viewport in the Viewport Manager needs a confirmation,
 * and 'Create New Viewport' asks for the new viewport's name and offers to save the workspace's unsaved changes
 * first. The workspace window follows the new, empty viewport.
 */
import { expect, type Page } from '@playwright/test';
import { businessUser, test, smallRender } from './fixtures';

const NAME = 'hall.png';

const render = smallRender(NAME);

const card = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const savedX = async (page: Page) => {
  const s = (await (await page.request.get('/api/viewports/active')).json()).session;
  return s ? Math.round(s.viewport_data.images[0]?.position.x ?? NaN) : null;
};

test('deleting a viewport is confirmed; a new viewport is named and the unsaved work saved first', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'confirm', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(card(page)).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  for (const name of ['Villa A', 'Villa B']) {
    await page.getByTestId('tool-save').click();
    if (name === 'Villa B') await page.getByRole('menuitem', { name: 'Save As' }).click();
    await page.getByTestId('save-session-dialog').getByLabel('Session Name').fill(name);
    await page.getByTestId('save-session-dialog').getByLabel('Session Name').press('Enter');
    await expect(page.getByTestId('session-name')).toHaveText(name);
  }

  const manager = await context.newPage();
  await manager.setViewportSize({ width: 980, height: 720 });
  await manager.goto('/viewports');
  const managerCard = (name: string) => manager.locator(`[data-testid="viewport-card"][data-name="${name}"]`);
  await expect(managerCard('Villa A')).toBeVisible();

  // the trash icon asks first; Cancel keeps the viewport
  await managerCard('Villa A').hover();
  await managerCard('Villa A').getByTestId('viewport-delete').click();
  const confirm = manager.getByTestId('delete-viewport-dialog');
  await expect(confirm.getByText('Delete viewport "Villa A"?')).toBeVisible();
  await expect(confirm.getByText('The saved layout is deleted. Your images and their results stay in your workspace.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(managerCard('Villa A')).toBeVisible();
  expect((await (await page.request.get('/api/viewports')).json()).sessions).toHaveLength(2);
  await managerCard('Villa A').hover();
  await managerCard('Villa A').getByTestId('viewport-delete').click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(manager.getByText('Viewport deleted successfully')).toBeVisible();
  await expect(managerCard('Villa A')).toHaveCount(0);

  // unsaved work in the workspace: the card moved, not saved
  await page.bringToFront();
  await expect(card(page)).toBeVisible();
  const box = (await card(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 3 + 60, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('renderlift:viewport-backup') !== null)).toBe(true);
  const before = await savedX(page);

  // 'Create New Viewport' asks the name and offers to save the changes to 'Villa B' first
  await manager.bringToFront();
  await manager.getByTestId('viewport-create').click();
  const create = manager.getByTestId('new-viewport-dialog');
  await expect(create.getByText('Create New Viewport')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await expect(create.getByTestId('new-viewport-unsaved')).toContainText('The workspace has unsaved changes.');
  const saveFirst = create.getByRole('checkbox', { name: 'Save them to "Villa B" first' });
  await expect(saveFirst).toBeChecked();
  await create.getByLabel('Viewport Name').fill('Kitchen');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(manager.getByText('New viewport created - workspace cleared')).toBeVisible();
  await expect(managerCard('Kitchen')).toHaveAttribute('data-active', 'true');
  await expect(managerCard('Kitchen')).toContainText('0 images');

  // the workspace follows the new, empty viewport under its name
  await expect(page.getByTestId('session-name')).toHaveText('Kitchen');
  await expect(page.getByTestId('image-card')).toHaveCount(0);
  await expect(page.getByTestId('unsaved-dot')).toBeHidden();

  // Villa B was saved with the moved card before the workspace was cleared
  await managerCard('Villa B').getByRole('button').first().click();
  await expect(page.getByTestId('session-name')).toHaveText('Villa B');
  await expect(card(page)).toBeVisible();
  const after = await savedX(page);
  expect(after).not.toBeNull();
  expect(after).not.toBe(before);
});
