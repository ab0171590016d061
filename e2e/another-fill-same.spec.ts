/**
 * Try another fill where the surface has one fill, end to end against the real server, workers and engine: a lamp
 * removed from a plain, softly lit wall is filled by diffusion, which has no seed, so another fill comes out the same.
 * The user is told so, the card keeps its fill and its one version, and no credit is charged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, type Page } from '@playwright/test';
import { maskEditorMessages } from '../src/shared/mask-editor-messages';
import { msg } from '../src/shared/messages';
import { businessUser, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 60_000 });
const NAME = 'plain-wall.png';
const W = 200;
const H = 150;

const card = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const tool = (page: Page, label: string) => page.getByRole('toolbar').getByRole('button', { name: label, exact: true });
const credits = async (page: Page) => (await (await page.request.get('/api/me')).json()).profile.credits_remaining as number;
const removalVersions = async (page: Page) => {
  const list = (await (await page.request.get('/api/images')).json()).images as { name: string; versions: { workflow: string }[] }[];
  return list.find((i) => i.name === NAME)!.versions.filter((v) => v.workflow === 'remove').length;
};

let folder = '';
test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-wall-'));
  // light falling off gently across the wall, and a small dark lamp in the middle
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const v = 150 + Math.round(x / 8) + Math.round(y / 12);
      const lamp = Math.hypot(x - W / 2, y - H / 2) < 10;
      rgb.set(lamp ? [40, 36, 30] : [v, v - 6, v - 14], (y * W + x) * 3);
    }
  await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(path.join(folder, NAME));
});
test.afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

test('another fill of a plain wall comes out the same: told so, nothing added, nothing charged', async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await businessUser(page.request, baseURL!, 'same-fill', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(path.join(folder, NAME));
  await expect(card(page)).toHaveAttribute('data-status', 'idle');
  await card(page).click();

  // paint over the lamp and remove it
  await tool(page, 'Brush').click();
  const box = (await card(page).getByTestId('mask-overlay').boundingBox())!;
  const [cx, cy, k] = [box.x + box.width / 2, box.y + box.height / 2, box.width / W];
  for (let dy = -14; dy <= 14; dy += 4) {
    await page.mouse.move(cx - 14 * k, cy + dy * k);
    await page.mouse.down();
    await page.mouse.move(cx + 14 * k, cy + dy * k, { steps: 6 });
    await page.mouse.up();
  }
  await page.getByRole('button', { name: 'Remove Object' }).click();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced', { timeout: 300_000 });
  await expect.poll(() => removalVersions(page)).toBe(1);
  const before = await credits(page);

  await card(page).getByTestId('another-fill').click();
  await expect(page.locator('[data-sonner-toast]', { hasText: maskEditorMessages.anotherFillSame })).toBeVisible({ timeout: 300_000 });
  // not shown as a failure: the card keeps its fill, with no error under it
  await expect(page.locator('[data-sonner-toast]', { hasText: msg('processingFailedTitle') })).toHaveCount(0);
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');
  await expect(card(page).locator('.ws-error')).toHaveCount(0);
  expect(await removalVersions(page)).toBe(1);
  expect(await credits(page)).toBe(before);
});
