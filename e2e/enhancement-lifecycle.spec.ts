/**
 * An enhancement's end, as a user meets it: the full-screen 'Enhancement Complete' overlay (focus on 'View on
 * Canvas', kept inside, closed by Escape with the focus on the result's card); a result whose first load fails is announced ('Image Display
 * Issue… Attempting recovery'), its URLs renewed and loaded again ('Image Recovered'); and a page closed in the middle
 * of a job, after the browser's leave confirmation, cancels the job on the server, which releases the credits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
let folder: string;
let small = { width: 0, height: 0 };
test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-lifecycle-'));
  const source = path.join(RENDERS, '02-modern-wooden-house.png');
  const out = await sharp(source).resize({ width: 160 }).png().toFile(path.join(folder, 'small.png'));
  small = { width: out.width, height: out.height };
  // 1500 px wide at 4×: a job that runs for minutes, long enough to close the page in its middle
  await sharp(source).resize({ width: 1500 }).png().toFile(path.join(folder, 'large.png'));
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** The balance from the server; a request cut while the engine holds the server's CPU is asked again. */
async function credits(request: APIRequestContext): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const res = await request.get('/api/me', { timeout: 120_000 }).catch(() => null);
    if (res?.ok()) return (await res.json()).profile.credits_remaining as number;
    if (attempt >= 5) throw new Error(`GET /api/me answered ${res?.status()}`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

async function uploadAndSelect(page: Page, file: string) {
  await page.getByTestId('file-input').setInputFiles(path.join(folder, file));
  const card = page.locator(`[data-testid="image-card"][data-name="${file}"]`);
  await expect(card).toHaveAttribute('data-status', 'idle', { timeout: 60_000 });
  await card.click();
  return card;
}

test('the Enhancement Complete overlay, and a result that fails to load is recovered', async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'lifecycle', 'operator');
  await page.goto('/enhance');
  const card = await uploadAndSelect(page, 'small.png');

  // the result's first loads fail until the page has renewed its URLs (the HEAD check goes through)
  let renewed = false;
  const failed: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/signed-urls/batch')) renewed = true;
  });
  await page.route(/\/api\/files\/(enhanced|processed)-images\//, async (route) => {
    if (route.request().method() === 'GET' && !renewed) {
      failed.push(route.request().url());
      await route.abort('failed');
    } else await route.continue();
  });

  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /Precision/ }).click();
  const enhance = page.getByRole('button', { name: 'Enhance Image' });
  await enhance.click();
  await expect(card).toHaveAttribute('data-status', 'enhanced', { timeout: 480_000 });

  // full screen, with what was made; the first button has the focus
  const overlay = page.getByTestId('completion-overlay');
  await expect(overlay.getByRole('heading', { name: 'Enhancement Complete' })).toBeVisible();
  await expect(page.getByTestId('completion-summary')).toHaveText(`small.png · 2× Precision · ${small.width * 2} × ${small.height * 2}`);
  const box = (await overlay.boundingBox())!;
  expect(box).toMatchObject({ x: 0, y: 0, width: 1440, height: 900 });
  await expect(overlay.getByRole('button', { name: 'View on Canvas' })).toBeFocused();

  // the failed load is said, the URLs renewed, the result loaded again
  await expect(toast(page, 'Image Display Issue… Attempting recovery')).toBeVisible();
  await expect(toast(page, 'Image Recovered')).toBeVisible({ timeout: 30_000 });
  expect(failed.length).toBeGreaterThan(0);
  const shown = card.locator('img').first();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect
    .poll(() => overlay.getByRole('img', { name: 'small.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('complete-1440.png') });

  // focus stays inside while it is open; Escape closes it and gives the focus back
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(page.locator('.react-flow__node', { has: card })).toBeFocused();
  await expect(enhance).toBeEnabled();
});

test('closing the page during an enhancement cancels the job and releases its credits', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'unload', 'operator');
  const request = page.context().request;
  await page.goto('/enhance');
  const card = await uploadAndSelect(page, 'large.png');
  await page.getByRole('radio', { name: '4×' }).click();
  const before = await credits(request);

  const [submitted] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/jobs')),
    page.getByRole('button', { name: 'Enhance Image' }).click(),
  ]);
  expect(submitted.status()).toBe(201);
  const jobId = ((await submitted.json()) as { job: { id: string } }).job.id;
  expect(await credits(request)).toBeLessThan(before);
  // the page knows the job runs once its card says so; only then does leaving ask first
  await expect(card).toHaveAttribute('data-status', 'processing', { timeout: 60_000 });

  // the browser asks first; the user leaves anyway
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(dialogs).toEqual(['beforeunload']);

  // the server got the page's last request: cancelled, the reservation released
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/jobs?ids=${jobId}`, { timeout: 60_000 });
        const [job] = ((await res.json()) as { jobs: { status: string; credit_state: string }[] }).jobs;
        return job && `${job.status}/${job.credit_state}`;
      },
      { timeout: 120_000 },
    )
    .toBe('cancelled/released');
  expect(await credits(request)).toBe(before);
});
