/**
 * The workspace on a phone (390 × 844): the balance is in the top bar and in the menu sheet, every tool of the
 * toolbar is on screen, and when an enhancement starts from the settings sheet the sheet steps aside so the card
 * and its progress show.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
let folder: string;
test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-phone-'));
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  await sharp(path.join(RENDERS, source)).resize({ width: 200 }).png().toFile(path.join(folder, 'phone.png'));
});
test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** Whether the element lies wholly inside the window with nothing else over its centre (its own wrappers aside: a disabled button lets the pointer through). */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { label: el.getAttribute('aria-label') ?? el.textContent ?? '', inside, topmost: !!hit && (el.contains(hit) || hit.contains(el)) };
    }),
  );

test('on a phone: credits in the bar and the menu, the whole toolbar, and the card in sight while enhancing', async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await businessUser(page.request, baseURL!, 'phone', 'operator');
  await page.goto('/enhance');

  // the balance: in the top bar, and in the menu sheet
  await expect(page.getByTestId('nav-credits-phone')).toBeVisible();
  await expect(page.getByTestId('nav-credits-phone')).toContainText('1000');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('mobile-menu').getByTestId('nav-credits')).toBeVisible();
  await expect(page.getByTestId('mobile-menu').getByTestId('nav-credits')).toHaveText('1000 credits');
  await page.keyboard.press('Escape');

  // every tool of the toolbar on screen, none cut off or hidden
  const tools = await onScreen(page, '[role="toolbar"] button');
  expect(tools.length).toBeGreaterThan(10);
  for (const t of tools) expect(t, `tool ${t.label}`).toMatchObject({ inside: true, topmost: true });

  await page.getByTestId('file-input').setInputFiles(path.join(folder, 'phone.png'));
  const card = page.locator('[data-testid="image-card"]').first();
  await expect(card).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  await card.click();
  // the settings sheet, then Enhance from it: the sheet steps aside and the card's progress shows
  await page.getByRole('button', { name: 'Expand panel' }).click();
  const enhance = page.getByRole('button', { name: 'Enhance Image' });
  await expect(enhance).toBeVisible();
  await enhance.click();
  await expect(card).toHaveAttribute('data-status', /processing|enhanced/);
  await expect(enhance).toBeHidden();
  await expect(page.getByRole('button', { name: 'Expand panel' })).toBeVisible();
  if ((await card.getAttribute('data-status')) === 'processing') {
    const [overlay] = await onScreen(page, '[data-testid="progress-overlay"]');
    expect(overlay?.inside ?? true).toBe(true);
  }
  await expect(card).toHaveAttribute('data-status', 'enhanced', { timeout: 480_000 });
  const [shown] = await onScreen(page, '[data-testid="image-card"]');
  expect(shown.topmost).toBe(true);
});
