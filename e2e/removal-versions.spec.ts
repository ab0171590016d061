/**
 * Removal on an enhanced card, end to end against the real server, workers and engine: a render enhanced 2× and
 * then cleared of an object stays at the enhanced size (card, download name and file), the enhancement stays
 * reachable from the card's versions, and a reload without any saved viewport shows the removal again.
 */
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessUser, renderWithDisc, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 60_000 });
const NAME = 'terrace.png';
const W = 200;

const render = renderWithDisc(NAME, W, 8);

const card = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const tool = (page: Page, label: string) => page.getByRole('toolbar').getByRole('button', { name: label, exact: true });

async function downloadPng(page: Page) {
  await page.getByTestId('tool-download').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download PNG' }).click()]);
  const file = path.join(render.folder(), download.suggestedFilename());
  await download.saveAs(file);
  const meta = await sharp(file).metadata();
  return { name: download.suggestedFilename(), width: meta.width, height: meta.height };
}

test('a removal on a 2× enhancement keeps 2×, and the enhancement stays reachable', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'versions', 'operator');
  const size = render.size();
  const enhancedSize = `${size.width} × ${size.height} → ${size.width * 2} × ${size.height * 2}`;

  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(card(page)).toHaveAttribute('data-status', 'idle');
  await card(page).click();
  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /Precision/ }).click();
  await page.getByRole('button', { name: 'Enhance Image' }).click();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced', { timeout: 600_000 });
  await page.getByTestId('completion-overlay').getByRole('button', { name: 'View on Canvas' }).click();
  await expect(card(page)).toContainText(enhancedSize);

  // paint over the object on the enhanced card and remove it
  await tool(page, 'Brush').click();
  const overlay = card(page).getByTestId('mask-overlay');
  const box = (await overlay.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let dy = -12; dy <= 12; dy += 4) {
    await page.mouse.move(cx - 14, cy + dy);
    await page.mouse.down();
    await page.mouse.move(cx + 14, cy + dy, { steps: 6 });
    await page.mouse.up();
  }
  // the busy labels of every button while the removal runs, however briefly they show
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { busyLabels: Set<string> }).busyLabels = seen;
    new MutationObserver(() => {
      for (const b of document.querySelectorAll('button')) if (b.textContent?.endsWith('ing...')) seen.add(b.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Remove Object' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Object Removal Started' })).toContainText('Removing the painted area may take 30-60 seconds');
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Object Removal Started' })).not.toContainText('...');
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced', { timeout: 600_000 });
  await expect(card(page).getByTestId('card-versions')).toBeVisible();
  // the panel said what ran: a removal, not an enhancement
  const labels = await page.evaluate(() => [...(window as unknown as { busyLabels: Set<string> }).busyLabels]);
  expect(labels).toContain('Removing...');
  expect(labels).not.toContain('Enhancing...');

  // the removal kept the enhanced resolution
  await expect(card(page)).toContainText(enhancedSize);
  const removed = await downloadPng(page);
  expect(removed).toEqual({ name: 'terrace_x2_precision_removed.png', width: size.width * 2, height: size.height * 2 });

  // the enhancement before the removal is one choice away
  const versions = card(page).getByTestId('card-versions');
  await expect(versions.locator('option')).toHaveText([
    `1. ×2 Precision · ${size.width * 2} × ${size.height * 2}`,
    `2. ×2 Precision · Removed 1 object · ${size.width * 2} × ${size.height * 2}`,
  ]);
  await versions.selectOption({ index: 0 });
  const earlier = await downloadPng(page);
  expect(earlier).toEqual({ name: 'terrace_x2_precision.png', width: size.width * 2, height: size.height * 2 });

  // after a reload (no saved viewport) the card shows the removal again, with both versions
  await page.reload();
  const dialog = page.getByRole('dialog');
  if (
    await dialog
      .first()
      .waitFor({ state: 'visible', timeout: 3_000 })
      .then(
        () => true,
        () => false,
      )
  )
    await page.keyboard.press('Escape');
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');
  await expect(card(page).getByTestId('card-versions').locator('option')).toHaveCount(2);
  await expect(card(page).getByTestId('card-versions')).toHaveValue(
    (await card(page).getByTestId('card-versions').locator('option').nth(1).getAttribute('value')) as string,
  );
});
