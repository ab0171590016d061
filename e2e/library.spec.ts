/**
 * The Library, end to end: the same user on a desktop (1280×720) and a phone (390×844). An upload made on one device
 * appears in the other's open Library without a reload (the live channel says so); a tap on the phone adds it to the
 * phone's canvas as a card; on the desktop an upload is dragged from the Library and dropped on the canvas, where the
 * card lands under the pointer; an upload already on the canvas is marked, and Enter on it shows that card instead of
 * adding it twice; an enhancement shows in its line; the search box and the status and date filters narrow the list, and
 * Load more brings the next page.
 */
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import { LIBRARY_PAGE_SIZE, libraryMessages } from '../src/shared/library';
import { businessUser, saveScreenshot, smallRender, test } from './fixtures';
import { cameraAtRest } from './canvas';

const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const terrace = smallRender('terrace.png');
const atrium = smallRender('atrium.png');
const boathouse = smallRender('boathouse on phone.png');

const cards = (page: Page) => page.getByTestId('image-card');
const card = (page: Page, name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);
const item = (page: Page, name: string) => page.getByTestId('library-panel').locator(`[data-testid="library-item"][data-name="${name}"]`);
const names = (page: Page) => page.getByTestId('library-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));

async function upload(page: Page, file: string, name: string) {
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(card(page, name)).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
}

async function openLibrary(page: Page) {
  // the toolbar's Library button (a phone scrolls its toolbar sideways)
  await page.getByTestId('tool-library').scrollIntoViewIfNeeded();
  await page.getByTestId('tool-library').click();
  await expect(page.getByRole('tab', { name: libraryMessages.title })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('library-list')).toBeVisible();
}

/** The centre of what a locator shows on screen. */
async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('an upload on one device appears in the other’s Library; a tap adds it, a drag drops it where it is let go; search filters', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await businessUser(page.request, baseURL!, 'library', 'operator');
  await page.goto('/enhance');
  await upload(page, terrace.file(), 'terrace.png');

  const state = await context.storageState();
  const phoneContext = await browser.newContext({
    baseURL,
    storageState: { cookies: state.cookies, origins: [] },
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_UA,
    hasTouch: true,
    isMobile: true,
  });
  try {
    const phone = await phoneContext.newPage();
    await phone.goto('/enhance');
    await expect(card(phone, 'terrace.png')).toBeVisible();
    await openLibrary(phone);
    await expect(item(phone, 'terrace.png')).toHaveAttribute('data-on-canvas', 'true');
    await expect(item(phone, 'terrace.png')).toContainText(libraryMessages.onCanvas);

    // ------------------------------------------------ the desktop uploads; the phone's open Library lists it, no reload
    await upload(page, atrium.file(), 'atrium.png');
    await expect(item(phone, 'atrium.png')).toBeVisible();
    await expect(item(phone, 'atrium.png')).toHaveAttribute('data-on-canvas', 'false');
    expect(await names(phone)).toEqual(['atrium.png', 'terrace.png']);
    await expect(item(phone, 'atrium.png')).toContainText(libraryMessages.statusNotEnhanced);
    await phone.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
    await saveScreenshot(phone, 'library-phone.png', { fullPage: false });

    // a tap adds it to the phone's canvas: the panel closes on the card
    await item(phone, 'atrium.png').getByRole('button').tap();
    await expect(phone.getByTestId('side-panel')).toBeHidden();
    await expect(card(phone, 'atrium.png')).toBeVisible();
    await expect(cards(phone)).toHaveCount(2);
    await cameraAtRest(phone);
    const shown = (await card(phone, 'atrium.png').boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    await openLibrary(phone);
    await expect(item(phone, 'atrium.png')).toHaveAttribute('data-on-canvas', 'true');

    // ------------------------------------------------ the phone uploads; the desktop's open Library lists it
    await openLibrary(page);
    await phone.keyboard.press('Escape');
    await expect(phone.getByTestId('side-panel')).toBeHidden();
    await upload(phone, boathouse.file(), 'boathouse on phone.png');
    await expect(item(page, 'boathouse on phone.png')).toHaveAttribute('data-on-canvas', 'false');
    expect(await cards(page).count()).toBe(2);

    // dragged from the Library onto the canvas: the card lands centred under the pointer, the camera stays
    await cameraAtRest(page);
    const drop = { x: 560, y: 400 };
    const from = await centre(item(page, 'boathouse on phone.png').getByRole('button'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((drop.x - from.x) * i) / 12, from.y + ((drop.y - from.y) * i) / 12);
    await page.mouse.up();
    await expect(card(page, 'boathouse on phone.png')).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await expect(item(page, 'boathouse on phone.png')).toHaveAttribute('data-on-canvas', 'true');
    await cameraAtRest(page);
    const image = await centre(card(page, 'boathouse on phone.png').locator('img').first());
    expect(Math.abs(image.x - drop.x), `dropped at ${drop.x}, shown at ${image.x}`).toBeLessThan(8);
    expect(Math.abs(image.y - drop.y), `dropped at ${drop.y}, shown at ${image.y}`).toBeLessThan(8);
    expect(await page.evaluate(() => 'libraryDrag' in document.documentElement.dataset)).toBe(false);

    // on the canvas already: Enter shows (selects) that card, never a second one
    await item(page, 'terrace.png').getByRole('button').focus();
    await expect(item(page, 'terrace.png').getByRole('button')).toHaveAccessibleName(`Show terrace.png on the canvas`);
    await page.keyboard.press('Enter');
    await expect(page.locator('.react-flow__node.selected [data-testid="image-card"]')).toHaveAttribute('data-name', 'terrace.png');
    await expect(cards(page)).toHaveCount(3);

    // an enhancement: the Library says so (its status and latest version)
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('side-panel')).toBeHidden();
    await page.getByRole('radio', { name: '2×' }).click();
    await page.getByRole('radio', { name: /^Precision/ }).click();
    await page.getByRole('button', { name: 'Enhance Image' }).click();
    await expect(card(page, 'terrace.png')).toHaveAttribute('data-status', 'enhanced', { timeout: 180_000 });
    const complete = page.getByTestId('completion-overlay').getByRole('button', { name: 'View on Canvas' });
    if (await complete.isVisible().catch(() => false)) await complete.click();
    await openLibrary(page);
    await expect(item(page, 'terrace.png').getByTestId('library-status-chip')).toHaveText(libraryMessages.statusEnhanced);
    await expect(item(page, 'terrace.png').getByTestId('library-latest')).toHaveText('Latest: ×2 Precision · 480 × 360');
    await expect(item(page, 'terrace.png')).toContainText('1 version');

    // search by name
    await page.getByTestId('library-search').fill('PHONE');
    await expect.poll(() => names(page)).toEqual(['boathouse on phone.png']);
    await page.getByTestId('library-search').fill('nothing like it');
    await expect(page.getByTestId('library-empty')).toHaveText(libraryMessages.noMatch);
    await page.getByRole('button', { name: libraryMessages.clearFilters }).click();
    await expect.poll(() => names(page)).toEqual(['boathouse on phone.png', 'atrium.png', 'terrace.png']);
    await page.getByTestId('library-status').selectOption('enhanced');
    await expect.poll(() => names(page)).toEqual(['terrace.png']);
    await page.getByTestId('library-status').selectOption('not-enhanced');
    await expect.poll(() => names(page)).toEqual(['boathouse on phone.png', 'atrium.png']);
    await page.getByTestId('library-status').selectOption('');
    await page.mouse.move(640, 700);
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="side-panel"]').analyze();
    expect(violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => `${x.id}: ${x.help}`)).toEqual([]);
    await saveScreenshot(page, 'library-1280.png', { fullPage: false });

    // a page holds LIBRARY_PAGE_SIZE uploads; Load more brings the rest
    const png = fs.readFileSync(terrace.file());
    for (const batch of [20, LIBRARY_PAGE_SIZE - 3 - 20 + 1]) {
      const form = new FormData();
      for (let i = 0; i < batch; i++) form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `extra-${batch}-${i}.png`);
      expect((await page.request.post('/api/uploads', { multipart: form, headers: { Origin: baseURL! } })).status()).toBe(201);
    }
    await expect(page.getByTestId('library-item')).toHaveCount(LIBRARY_PAGE_SIZE);
    await page.getByTestId('library-load-more').click();
    await expect(page.getByTestId('library-item')).toHaveCount(LIBRARY_PAGE_SIZE + 1);
    await expect(page.getByTestId('library-load-more')).toBeHidden();
    await expect(page.getByTestId('library-panel')).toContainText(`${LIBRARY_PAGE_SIZE + 1} shown`);

    // the upload date: from today, every one; from tomorrow, none
    const day = (ahead: number) =>
      page.evaluate((n) => {
        const d = new Date();
        d.setDate(d.getDate() + n);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      }, ahead);
    await page.getByLabel(libraryMessages.from).fill(await day(0));
    await expect(page.getByTestId('library-load-more')).toBeVisible();
    await page.getByLabel(libraryMessages.from).fill(await day(1));
    await expect(page.getByTestId('library-empty')).toHaveText(libraryMessages.noMatch);
  } finally {
    await phoneContext.close();
  }
});
