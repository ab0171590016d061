/**
 * Estimates before pressing, end to end against the real server, worker and engine: the control panel shows the cost
 * and the time of the selection before Enhance is pressed (and fits 1280 × 720 without scrolling), the card says what
 * the worker does while the job runs ('Loading model', 'Tile 3 of 12', 'Saving') instead of a silent 0 %, the panel
 * warns when the version shown was already enhanced with the same settings, a batch shows one ETA, and a phone shows
 * the same line in its panel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessUser, SCREENSHOTS, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });
const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
const HOUSE = 'estimate-house.png';
const KITCHEN = 'estimate-kitchen.png';
const EXTRA = ['estimate-garden.png', 'estimate-winter.png'];
let folder = '';
test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-estimates-'));
  // 480 × 360 at ×2: several tiles, so the card has tiles to count
  await sharp(path.join(RENDERS, '02-modern-wooden-house.png')).resize({ width: 480, height: 360, fit: 'cover' }).png().toFile(path.join(folder, HOUSE));
  // small ones: 160 × 120 is 1 credit at ×2 and at ×2 again (640 px), and quick
  await sharp(path.join(RENDERS, '05-kitchen-tiles.png')).resize({ width: 160, height: 120, fit: 'cover' }).png().toFile(path.join(folder, KITCHEN));
  await sharp(path.join(RENDERS, '12-garden-plants.png')).resize({ width: 160, height: 120, fit: 'cover' }).png().toFile(path.join(folder, EXTRA[0]));
  await sharp(path.join(RENDERS, '01-winter-architecture.png')).resize({ width: 160, height: 120, fit: 'cover' }).png().toFile(path.join(folder, EXTRA[1]));
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const card = (page: Page, name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);

/**
 * Selects a card as a user does: a click, and again if the first one did not take (a toast or the card settling after
 * its upload can take a click meant for it).
 */
async function select(page: Page, name: string) {
  const node = page.locator('.react-flow__node', { has: card(page, name) });
  const overlay = page.getByTestId('completion-overlay').getByRole('button', { name: 'View on Canvas' });
  await expect(async () => {
    // the Enhancement Complete overlay of a job just done is closed first: a click on its backdrop only closes it
    if (await overlay.isVisible()) await overlay.click();
    await card(page, name).click({ timeout: 5000 });
    await expect(node).toHaveClass(/\bselected\b/, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
}

/** Presses Enhance Image for the selected card: the server takes the job, and the card shows the chain once it is done. */
async function enhance(page: Page, name: string, chain: string) {
  const [submitted] = await Promise.all([
    // no request at all (a refusal in the page) fails here, not after the wait for the result
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/jobs', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Enhance Image' }).click(),
  ]);
  expect(submitted.status(), await submitted.text()).toBe(201);
  const chainOf = card(page, name).getByTestId('card-chain');
  const until = Date.now() + 600_000;
  for (;;) {
    // a failed job says why at once rather than after the wait
    const status = await card(page, name).getAttribute('data-status');
    expect(status, `the job failed: ${await card(page, name).innerText()}`).not.toBe('failed');
    const shown = (await chainOf.count()) > 0 ? await chainOf.textContent() : null;
    if (shown === chain || Date.now() > until) {
      expect(shown).toBe(chain);
      return;
    }
    await page.waitForTimeout(250);
  }
}

/** Every scrolling box inside the panel holds all of its content, and the panel ends inside the window. */
async function panelFits(page: Page) {
  const panel = page.getByTestId('control-panel');
  const overflow = await panel.evaluate((el) =>
    [el, ...el.querySelectorAll('*')].filter((n) => ['auto', 'scroll'].includes(getComputedStyle(n).overflowY)).map((n) => n.scrollHeight - n.clientHeight),
  );
  expect(Math.max(0, ...overflow)).toBeLessThanOrEqual(1);
  expect(await panel.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
}

test('cost and time before pressing, the phase while it runs, the same-settings warning and a batch’s one ETA', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await businessUser(page.request, baseURL!, 'estimates', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(path.join(folder, HOUSE));
  await expect(card(page, HOUSE)).toHaveAttribute('data-status', 'idle', { timeout: 60_000 });

  // before pressing: 960 px output is 2 credits, and a time (a wide range while this server has not run Precision)
  await select(page, HOUSE);
  await page.getByRole('radio', { name: '2×' }).click();
  await page.getByRole('radio', { name: /^Precision/ }).click();
  const line = page.getByTestId('estimate-line');
  await expect(line).toHaveText(/^2 credits · about \d+(–\d+)? (s|min)(, not measured here yet)?$/);
  // the line follows the scale: ×4 is 1920 px, 4 credits
  await page.getByRole('radio', { name: '4×' }).click();
  await expect(line).toHaveText(/^4 credits · about /);
  await page.getByRole('radio', { name: '2×' }).click();
  await expect(line).toHaveText(/^2 credits · about /);
  await panelFits(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'estimate-before-pressing-1280.png') });

  // while it runs the card says what the worker does: every line it shows is recorded by the page
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenDetails: string[] }).seenDetails = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ws-progress-detail')) {
        const t = el.textContent ?? '';
        if (seen.at(-1) !== t) seen.push(t);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await enhance(page, HOUSE, '×2 Precision');
  const seen = await page.evaluate(() => (window as unknown as { seenDetails: string[] }).seenDetails);
  const phases = seen.join(' | ');
  expect(phases).toMatch(/Tile \d+ of \d+/);
  expect(phases).toMatch(/Loading model|Saving/);

  // a small render enhanced twice (×2 Precision, then its result ×2 Precision): showing the first result again, the
  // panel says before pressing that this version was already enhanced so
  await page.getByTestId('file-input').setInputFiles(path.join(folder, KITCHEN));
  await expect(card(page, KITCHEN)).toHaveAttribute('data-status', 'idle', { timeout: 60_000 });
  await select(page, KITCHEN);
  await expect(page.getByTestId('estimate-same-warning')).toBeHidden();
  for (const chain of ['×2 Precision', '×2 Precision · ×2 Precision']) {
    await enhance(page, KITCHEN, chain);
    await select(page, KITCHEN);
  }
  await card(page, KITCHEN).getByTestId('card-versions').selectOption({ index: 0 });
  await select(page, KITCHEN);
  const warning = page.getByTestId('estimate-same-warning');
  await expect(warning).toHaveText('Already enhanced at ×2 Precision — running again charges again');
  // measured now: Precision ran on this server, so a time, not a range
  await expect(line).toHaveText(/^2 credits · about \d+ (s|min)$/);
  await page.getByRole('radio', { name: /^Detail/ }).click();
  await expect(warning).toBeHidden();
  await page.getByRole('radio', { name: /^Precision/ }).click();
  await expect(warning).toBeVisible();
  await panelFits(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'estimate-same-settings-1280.png') });

  // a batch: two new renders enhanced by Enhance all show one ETA for both
  await page.getByTestId('file-input').setInputFiles(EXTRA.map((n) => path.join(folder, n)));
  for (const n of EXTRA) await expect(card(page, n)).toHaveAttribute('data-status', 'idle', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(line).toHaveText(/^2 credits · about /);
  await page.getByRole('button', { name: /^Enhance all/ }).click();
  await expect(page.getByTestId('batch-eta')).toHaveText(/^All 2 done in about \d+ (s|min)$/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'estimate-batch-eta-1280.png') });
  for (const n of EXTRA) await expect(card(page, n).getByTestId('card-chain')).toHaveText('×2 Precision', { timeout: 600_000 });

  // a phone: the panel shows the same line and stays within the screen
  await page.setViewportSize({ width: 390, height: 844 });
  const expand = page.getByRole('button', { name: 'Expand panel' });
  if (await expand.isVisible().catch(() => false)) await expand.click();
  // the card is selected once a click lands on it (the panel may still be settling on the narrow screen)
  await expect(async () => {
    await card(page, HOUSE)
      .click({ timeout: 5000 })
      .catch(() => {});
    await expect(line).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await expect(line).toHaveText(/credits? · about /);
  const panel = (await page.getByTestId('control-panel').boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(390 + 1);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'estimate-phone-390.png') });
});
