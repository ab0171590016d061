/**
 * Downloads, end to end against the real server, workers and engine: a 16-bit Display P3 render enhanced 2× downloads
 * as PNG byte for byte as the server stored it and as a 16-bit TIFF with the same profile; three selected cards
 * download as one zip with a manifest, in the format chosen last.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';
import { readZip } from '../src/server/testing/zip-reader';

const expect = baseExpect.configure({ timeout: 60_000 });
const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
const P3 = 'p3-render.png';
const NAMES = [P3, 'lobby.png', 'terrace.png'];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let folder: string;

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-downloads-'));
  const sources = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort();
  // what a 3D package writes for print: 16 bits per channel in Display P3
  await sharp(path.join(RENDERS, sources[0]))
    .resize({ width: 160 })
    .removeAlpha()
    .toColourspace('rgb16')
    .withIccProfile('p3')
    .png()
    .toFile(path.join(folder, P3));
  for (const [i, name] of NAMES.slice(1).entries()) {
    await sharp(path.join(RENDERS, sources[i + 1]))
      .resize({ width: 160 })
      .png()
      .toFile(path.join(folder, name));
  }
});

test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const card = (page: Page, name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);

async function saveDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), click()]);
  const file = path.join(folder, `dl-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

test('a 16-bit P3 result downloads as stored and as 16-bit TIFF; three cards as one zip with a manifest', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'downloads', 'operator');

  await page.goto('/enhance');
  await page.getByTestId('folder-input').setInputFiles(folder);
  await expect(page.getByText('3 images uploaded successfully, 0 failed')).toBeVisible();
  for (const name of NAMES) await expect(card(page, name)).toHaveAttribute('data-status', 'idle');
  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /Precision/ }).click();
  await page.getByRole('button', { name: /Enhance all/ }).click();
  for (const name of NAMES) await expect(card(page, name)).toHaveAttribute('data-status', 'enhanced', { timeout: 600_000 });

  // the file the server stored for the P3 render, fetched from its own URL
  const listed = (await (await page.request.get('/api/images')).json()).images as { name: string; enhanced: { url: string } }[];
  const stored = Buffer.from(await (await page.request.get(listed.find((i) => i.name === P3)!.enhanced.url)).body());
  const storedMeta = await sharp(stored).metadata();
  expect([storedMeta.depth, Boolean(storedMeta.icc)]).toEqual(['ushort', true]);

  // PNG: the stored bytes, under the render's name with its scale and mode
  await card(page, P3).click();
  await page.getByTestId('tool-download').click();
  const png = await saveDownload(page, () => page.getByRole('menuitem', { name: 'Download PNG' }).click());
  expect(png.name).toBe('p3-render_x2_precision.png');
  expect(sha(fs.readFileSync(png.file))).toBe(sha(stored));

  // TIFF at 16 bits from the options dialog: same depth, same profile, same pixels
  await page.getByTestId('tool-download').click();
  await page.getByRole('menuitem', { name: 'Download options…' }).click();
  const dialog = page.getByTestId('download-options');
  await dialog.getByLabel('Format').selectOption('tiff');
  await dialog.getByLabel('Bit depth').selectOption('16');
  const tiff = await saveDownload(page, () => dialog.getByRole('button', { name: 'Download' }).click());
  expect(tiff.name).toBe('p3-render_x2_precision.tif');
  const tiffMeta = await sharp(tiff.file).metadata();
  expect([tiffMeta.format, tiffMeta.depth]).toEqual(['tiff', 'ushort']);
  expect(Buffer.compare(tiffMeta.icc!, storedMeta.icc!)).toBe(0);
  expect(sha(await sharp(tiff.file).raw({ depth: 'ushort' }).toBuffer())).toBe(sha(await sharp(stored).raw({ depth: 'ushort' }).toBuffer()));

  // three selected cards: one zip in the format chosen last (TIFF, remembered), with its manifest
  await card(page, NAMES[1]).click({ modifiers: ['Control'] });
  await card(page, NAMES[2]).click({ modifiers: ['Control'] });
  await page.getByTestId('tool-download').click();
  const zip = await saveDownload(page, () => page.getByRole('menuitem', { name: 'Download 3 images as ZIP' }).click());
  expect(zip.name).toBe('renderlift.zip');
  const entries = new Map(readZip(fs.readFileSync(zip.file)).map((e) => [e.name, e.data]));
  expect([...entries.keys()].sort()).toEqual(['lobby_x2_precision.tif', 'manifest.json', 'p3-render_x2_precision.tif', 'terrace_x2_precision.tif']);
  const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
  expect(manifest.format).toBe('tiff');
  const p3Entry = manifest.files.find((f: { source: string }) => f.source === P3);
  expect(p3Entry).toMatchObject({ file: 'p3-render_x2_precision.tif', chain: ['original', '×2 precision'], scale: 2, mode: 'precision', width: 320 });
  expect(p3Entry.credits).toBeGreaterThan(0);
  expect(entries.get('p3-render_x2_precision.tif')!.length).toBe(p3Entry.bytes);
});
