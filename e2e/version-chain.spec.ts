/**
 * Edits compose, end to end against the real server, workers and engine: an object painted over and removed stays
 * removed when the card is then enhanced 2× Precision; the card names the chain of steps it shows, and enhancing
 * the same version at the same scale and mode again asks first, naming the result that exists.
 */
import sharp from 'sharp';
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessUser, renderWithDisc, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 60_000 });
const NAME = 'courtyard.png';
const W = 200;
const R = 8;

const render = renderWithDisc(NAME, W, R);

const card = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const tool = (page: Page, label: string) => page.getByRole('toolbar').getByRole('button', { name: label, exact: true });

/** Mean absolute difference of two RGB buffers at the upload's size, over the disc. */
function diffOverDisc(a: Buffer, b: Buffer): number {
  const size = render.size();
  const cx = W / 2;
  const cy = Math.round(size.height / 2);
  let sum = 0;
  let n = 0;
  for (let y = cy - R + 2; y <= cy + R - 2; y++)
    for (let x = cx - R + 2; x <= cx + R - 2; x++)
      if ((x - cx) ** 2 + (y - cy) ** 2 <= (R - 2) ** 2)
        for (let c = 0; c < 3; c++) {
          sum += Math.abs(a[(y * size.width + x) * 3 + c] - b[(y * size.width + x) * 3 + c]);
          n++;
        }
  return sum / n;
}

test('remove an object, then enhance 2× Precision: the object stays removed and the card names the chain', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'chain', 'operator');
  const size = render.size();

  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(card(page)).toHaveAttribute('data-status', 'idle');
  await card(page).click();

  // paint over the object and remove it
  await tool(page, 'Brush').click();
  const overlay = card(page).getByTestId('mask-overlay');
  const box = (await overlay.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const k = box.width / size.width;
  for (let dy = -(R + 3); dy <= R + 3; dy += 3) {
    await page.mouse.move(cx - (R + 4) * k, cy + dy * k);
    await page.mouse.down();
    await page.mouse.move(cx + (R + 4) * k, cy + dy * k, { steps: 6 });
    await page.mouse.up();
  }
  await page.getByRole('button', { name: 'Remove Object' }).click();
  await expect(card(page).getByTestId('card-chain')).toHaveText('Removed 1 object', { timeout: 600_000 });
  await tool(page, 'Brush')
    .click()
    .catch(() => {});

  // enhance what the card shows: the removal
  await card(page).click();
  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /Precision/ }).click();
  await page.getByRole('button', { name: 'Enhance Image' }).click();
  await expect(card(page).getByTestId('card-chain')).toHaveText('Removed 1 object · ×2 Precision', { timeout: 600_000 });
  const complete = page.getByTestId('completion-overlay').getByRole('button', { name: 'View on Canvas' });
  if (await complete.isVisible().catch(() => false)) await complete.click();
  await expect(card(page)).toContainText(`${size.width} × ${size.height} → ${size.width * 2} × ${size.height * 2}`);
  const versions = card(page).getByTestId('card-versions');
  await expect(versions.locator('option')).toHaveText([
    `1. Removed 1 object · ${size.width} × ${size.height}`,
    `2. Removed 1 object · ×2 Precision · ${size.width * 2} × ${size.height * 2}`,
  ]);

  // the result's pixels where the object was differ from the original's: the object is gone
  const listed = await page.request.get('/api/images');
  const image = (await listed.json()).images.find((i: { name: string }) => i.name === NAME);
  expect(image.enhanced).toMatchObject({ workflow: 'enhance', scale: 2, parentJobId: image.versions[0].jobId });
  const result = await page.request.get(image.enhanced.url);
  expect(result.status()).toBe(200);
  const resultPixels = await sharp(await result.body())
    .removeAlpha()
    .resize(size.width, size.height)
    .raw()
    .toBuffer();
  const originalPixels = await sharp(render.file()).removeAlpha().raw().toBuffer();
  expect(diffOverDisc(resultPixels, originalPixels)).toBeGreaterThan(40);

  // the same scale and mode on the removal again: asked first, naming the result that exists, and nothing is charged
  await versions.selectOption({ index: 0 });
  await expect(card(page).getByTestId('card-chain')).toHaveText('Removed 1 object');
  const credits = async () => (await (await page.request.get('/api/me')).json()).profile.credits_remaining as number;
  const before = await credits();
  expect(before).toBeGreaterThan(0);
  await card(page).click();
  await page.getByRole('button', { name: 'Enhance Image' }).click();
  const warning = page.locator('[data-sonner-toast]', { hasText: 'already has a ×2 Precision result' });
  await expect(warning).toContainText(`2. Removed 1 object · ×2 Precision · ${size.width * 2} × ${size.height * 2}`);
  await warning.getByRole('button', { name: 'Keep it' }).click();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');
  await expect(versions.locator('option')).toHaveCount(2);
  expect(await credits()).toBe(before);
});
