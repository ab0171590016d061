/**
 * Enhance all on a plan that runs one enhancement at a time (Basic): the images wait their turn on the canvas
 * ('Queued'), the queue can be stopped while the running one finishes, and a second run submits each image as the
 * slot frees up until every one is enhanced and charged once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { adminCommand, SCREENSHOTS, signedInUser, test } from './fixtures';

// real jobs on the CPU, one after the other
const expect = baseExpect.configure({ timeout: 120_000 });

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
const WIDTH = 320;

let folder: string;
const names: string[] = [];

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-queue-'));
  const sources = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .slice(3, 6);
  expect(sources).toHaveLength(3);
  for (const name of sources) {
    await sharp(path.join(RENDERS, name)).resize({ width: WIDTH }).png().toFile(path.join(folder, name));
    names.push(name);
  }
});

test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const card = (page: Page, name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);
const credits = async (request: APIRequestContext) => (await (await request.get('/api/me')).json()).profile.credits_remaining as number;
const statuses = (page: Page) => Promise.all(names.map((n) => card(page, n).getAttribute('data-status')));

test('Enhance all on a one-at-a-time plan: queued cards, stop, then a full run slot by slot', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  const user = await signedInUser(page.request, baseURL!, 'queue');
  await adminCommand('grant-plan', user.email, 'basic');

  await page.goto('/enhance');
  await expect(page.getByText('Start Your Enhancement')).toBeVisible();
  await page.getByTestId('folder-input').setInputFiles(folder);
  await expect(page.getByText('3 images uploaded successfully, 0 failed')).toBeVisible();
  for (const name of names) await expect(card(page, name)).toHaveAttribute('data-status', 'idle');
  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /Precision/ }).click();

  // one runs, two wait on the canvas; stopping the queue lets the running one finish
  const start = await credits(page.request);
  await page.getByRole('button', { name: /Enhance all/ }).click();
  await expect(page.getByTestId('batch-progress')).toContainText('0 of 3 enhanced');
  await expect(page.locator('[data-status="processing"]')).toHaveCount(1);
  await expect(page.getByTestId('queued-badge')).toHaveCount(2);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'workspace-queued.png') });
  const running = names[(await statuses(page)).indexOf('processing')];
  await page.getByTestId('batch-stop').click();
  await expect(page.getByText('2 queued image(s) left out; the running ones finish.')).toBeVisible();
  await expect(page.getByTestId('queued-badge')).toHaveCount(0);
  await expect(card(page, running)).toHaveAttribute('data-status', 'enhanced', { timeout: 480_000 });
  await expect(page.getByTestId('batch-progress')).toBeHidden();
  expect((await statuses(page)).filter((s) => s === 'idle')).toHaveLength(2);
  const cost = Math.ceil((WIDTH * 2) / 500);
  await expect.poll(() => credits(page.request)).toBe(start - cost);

  // a second run takes the two left, each as the slot frees up: never two at once
  await page.getByRole('button', { name: /Enhance all/ }).click();
  await expect(page.getByTestId('batch-progress')).toContainText('of 2 enhanced');
  let most = 0;
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    const now = await statuses(page);
    most = Math.max(most, now.filter((s) => s === 'processing' || s === 'cancelling').length);
    if (now.every((s) => s === 'enhanced')) break;
    await page.waitForTimeout(150);
  }
  expect(await statuses(page)).toEqual(['enhanced', 'enhanced', 'enhanced']);
  expect(most).toBe(1);
  await expect.poll(() => credits(page.request)).toBe(start - 3 * cost);
  await expect(page.getByTestId('batch-progress')).toBeHidden();
});
