/**
 * Toasts (seed 000 §4, 001 §9): at most five kept and three shown; in the workspace they never cover the toolbar
 * (two rows on a tablet) nor a card the canvas has framed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Locator, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
let folder: string;
const names = ['north.png', 'east.png', 'south.png', 'west.png'];

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-toasts-'));
  const sources = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort();
  for (const [i, name] of names.entries())
    await sharp(path.join(RENDERS, sources[i % sources.length]))
      .resize({ width: 320 })
      .png()
      .toFile(path.join(folder, name));
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const live = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');
const shown = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxes = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

async function openWorkspace(page: Page, baseURL: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await businessUser(page.request, baseURL, 'toasts', 'operator');
  await page.goto('/enhance');
  await expect(page.getByRole('toolbar', { name: 'Workspace tools' })).toBeVisible();
}

test('a burst of toasts keeps five and shows three', async ({ page, baseURL }) => {
  await openWorkspace(page, baseURL!, 1440, 900);
  // 'F' looks for stuck images: with none, each press says so in a toast of its own
  for (let i = 0; i < 8; i++) await page.keyboard.press('f');
  await expect(live(page)).toHaveCount(5);
  await expect(shown(page)).toHaveCount(3);
  await expect(live(page).first()).toContainText('No stuck jobs found');
});

for (const [width, height] of [
  [1440, 900],
  [820, 1180],
]) {
  test(`at ${width} px toasts cover neither the toolbar nor a card`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await openWorkspace(page, baseURL!, width, height);
    const toolbar = page.getByRole('toolbar', { name: 'Workspace tools' });
    if (width < 1100) expect((await toolbar.boundingBox())!.height, 'the toolbar wraps onto two rows').toBeGreaterThan(60);
    await page.getByTestId('file-input').setInputFiles(names.map((n) => path.join(folder, n)));
    const cards = page.locator('[data-testid="image-card"]');
    await expect(page.locator('[data-testid="image-card"][data-status="idle"]')).toHaveCount(names.length, { timeout: 60_000 });
    await expect(live(page).first()).toBeVisible();
    // two more, so the stack is three high
    await page.keyboard.press('f');
    await page.keyboard.press('f');
    await expect(shown(page)).toHaveCount(3);
    // the camera has finished framing the new cards when two reads agree
    let last = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await boxes(cards));
        const settled = now === last;
        last = now;
        return settled;
      })
      .toBe(true);
    const toastBoxes = await boxes(shown(page));
    const cardBoxes = await boxes(cards);
    const toolbarBox = (await toolbar.boundingBox())!;
    expect(toastBoxes).toHaveLength(3);
    for (const t of toastBoxes) {
      expect(intersects(t, toolbarBox), `toast ${JSON.stringify(t)} over the toolbar ${JSON.stringify(toolbarBox)}`).toBe(false);
      for (const c of cardBoxes) expect(intersects(t, c), `toast ${JSON.stringify(t)} over a card ${JSON.stringify(c)}`).toBe(false);
    }
  });
}
