/**
 * New uploads go to the next free cells of the 900-unit grid (seed 000 §4) around the cards already on the canvas,
 * wherever those were moved: a card is dragged, three more are uploaded, and no two cards overlap.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
let folder: string;
const names = ['a.png', 'b.png', 'c.png', 'd.png'];

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-placement-'));
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  for (const [i, name] of names.entries()) {
    await sharp(path.join(RENDERS, source))
      .resize({ width: 200 + i * 8 })
      .png()
      .toFile(path.join(folder, name));
  }
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** Canvas position and size of every card, read from React Flow's transform and the node's own size. */
function boxes(page: Page) {
  return page.locator('.react-flow__node').evaluateAll((nodes) =>
    nodes.map((n) => {
      const el = n as HTMLElement;
      const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(el.style.transform)!;
      return { x: Number(m[1]), y: Number(m[2]), width: el.offsetWidth, height: el.offsetHeight };
    }),
  );
}

test('uploads land beside a moved card, never on it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'placement', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(path.join(folder, names[0]));
  const first = page.locator('[data-testid="image-card"][data-name="a.png"]');
  await expect(first).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });

  // drag the card a third of a cell right and down: it now straddles the next grid cells
  const before = (await boxes(page))[0];
  const box = (await first.boundingBox())!;
  const zoom = box.width / before.width;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 300 * zoom, box.y + box.height / 3 + 300 * zoom, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await boxes(page))[0].x).toBeGreaterThan(before.x + 200);

  await page.getByTestId('file-input').setInputFiles(names.slice(1).map((n) => path.join(folder, n)));
  await expect(page.locator('[data-testid="image-card"][data-status="idle"]')).toHaveCount(4, { timeout: 30_000 });
  const all = await boxes(page);
  expect(all).toHaveLength(4);
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const [a, b] = [all[i], all[j]];
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `cards ${i} and ${j} overlap: ${JSON.stringify([a, b])}`).toBe(true);
    }
  // the new cards sit on the grid
  for (const p of all.slice(1)) expect([p.x % 900, p.y % 900]).toEqual([0, 0]);
});
