/**
 * The local backup of unsaved work ('Unsaved Viewport Found') is offered only when it holds something the server's
 * workspace lacks, and restoring it merges by image id: uploads made after the backup stay on the canvas.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
let folder: string;
const names = ['r1.png', 'r2.png', 'r3.png', 'r4.png', 'r5.png', 'r6.png'];
const file = (n: string) => path.join(folder, n);

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-backup-'));
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  for (const [i, n] of names.entries())
    await sharp(path.join(RENDERS, source))
      .resize({ width: 160 + i * 4 })
      .png()
      .toFile(file(n));
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByTestId('image-card');
const backupDialog = (page: Page) => page.getByTestId('backup-dialog');
const readBackup = (page: Page) => page.evaluate(() => localStorage.getItem('renderlift:viewport-backup'));

async function upload(page: Page, files: string[], total: number) {
  await page.getByTestId('file-input').setInputFiles(files.map(file));
  await expect(page.locator('[data-testid="image-card"][data-status="idle"]')).toHaveCount(total, { timeout: 30_000 });
}

async function position(page: Page, name: string) {
  const node = page.locator('.react-flow__node', { has: page.locator(`[data-testid="image-card"][data-name="${name}"]`) });
  const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(await node.evaluate((el) => (el as HTMLElement).style.transform))!;
  return { x: Math.round(Number(m[1])), y: Math.round(Number(m[2])) };
}

/** Waits a moment for a dialog that must not come. */
async function noBackupOffer(page: Page) {
  await expect(cards(page).first()).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(backupDialog(page)).toHaveCount(0);
}

test('the backup is offered only with news, and restoring it hides no newer upload', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'backup', 'operator');
  await page.goto('/enhance');

  // uploads in two batches, nothing moved: the next visit shows the same images and offers nothing
  await upload(page, names.slice(0, 3), 3);
  await upload(page, names.slice(3, 5), 5);
  await expect.poll(() => readBackup(page)).not.toBeNull();
  await page.reload();
  await noBackupOffer(page);

  // a card moved by hand, then a sixth upload; the backup from before the upload is what a lost tab would leave
  const card = page.locator('[data-testid="image-card"][data-name="r1.png"]');
  const before = await position(page, 'r1.png');
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 3 + 40, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await position(page, 'r1.png')).x).not.toBe(before.x);
  const moved = await position(page, 'r1.png');
  const backedUp = async () => {
    const b = JSON.parse((await readBackup(page)) ?? 'null') as { data: { images: { name: string; position: { x: number; y: number } }[] } } | null;
    const p = b?.data.images.find((i) => i.name === 'r1.png')?.position;
    return p ? { x: Math.round(p.x), y: Math.round(p.y) } : null;
  };
  await expect.poll(backedUp).toEqual(moved);
  const older = (await readBackup(page))!;
  await upload(page, ['r6.png'], 6);

  await page.evaluate((b) => localStorage.setItem('renderlift:viewport-backup', b), older);
  await page.reload();
  await expect(backupDialog(page).getByText('Unsaved Viewport Found')).toBeVisible();
  await backupDialog(page).getByRole('button', { name: 'Restore' }).click();
  // all six uploads are there, the moved card where the backup had it
  await expect(cards(page)).toHaveCount(6);
  await expect.poll(() => position(page, 'r1.png')).toEqual(moved);
  await expect(page.locator('[data-testid="image-card"][data-name="r6.png"]')).toBeVisible();
});
