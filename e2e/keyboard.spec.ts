/**
 * Keyboard paths: the before/after slider, the account and phone menus, dialogs (focus kept inside, handed back to
 * the button that opened them), canvas cards (focus, select, move, delete) and the remove tool's controls; each with
 * a visible focus ring.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { businessUser, loadWholePage, signedInUser, test } from './fixtures';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');

/** The focused element matches :focus-visible and draws a ring (a box-shadow or an outline), on itself or on `ring`. */
async function expectFocusRing(page: Page, ring?: Locator) {
  expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible') ?? false), 'focus-visible').toBe(true);
  const style = await (ring ?? page.locator(':focus')).evaluate((el) => {
    const s = getComputedStyle(el);
    return { shadow: s.boxShadow, outline: s.outlineStyle === 'none' ? 'none' : s.outlineWidth };
  });
  expect(style.shadow !== 'none' || (style.outline !== 'none' && style.outline !== '0px'), JSON.stringify(style)).toBe(true);
}

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`never reached by Tab; the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160))}`);
}

test('the before/after slider: arrow keys, Home and End', async ({ page }) => {
  await page.goto('/');
  await loadWholePage(page);
  const slider = page.getByRole('slider').first();
  await tabTo(page, slider);
  await expect(slider).toBeFocused();
  await expectFocusRing(page);
  const start = Number(await slider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(start + 1));
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(start - 9));
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
});

test('the account menu and the phone menu: arrow keys, Escape, focus back on the button', async ({ page, baseURL }) => {
  await signedInUser(page.request, baseURL!, 'keys-menu');
  await page.goto('/pricing');
  const button = page.getByRole('button', { name: 'Account menu' });
  await tabTo(page, button);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('ArrowUp');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByTestId('mobile-menu');
  await expect(sheet).toBeVisible();
  const links = sheet.locator('a[href], button:not([disabled])');
  // focus starts inside the sheet; the arrows walk its links and buttons, Home and End jump
  await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Home');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('End');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  // Tab never leaves the sheet
  const count = await links.count();
  for (let i = 0; i < count + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('the workspace by keyboard: cards, the save dialog and the remove tool', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await businessUser(page.request, baseURL!, 'keys-ws', 'operator');
  const file = path.join(test.info().outputDir, 'lobby.png');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[1];
  await sharp(path.join(RENDERS, source)).resize({ width: 320 }).png().toFile(file);
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(file);
  const card = page.locator('[data-testid="image-card"][data-name="lobby.png"]');
  await expect(card).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  const node = page.locator('.react-flow__node', { has: card });

  // Tab reaches the card; Enter selects it; arrows move it; the ring shows
  await tabTo(page, node);
  await expect(node).toBeFocused();
  await expectFocusRing(page, card);
  // the card's own shadow is always there: the ring is the violet one
  expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).toContain('167, 139, 250');
  await page.keyboard.press('Enter');
  await expect(node).toHaveClass(/\bselected\b/);
  const x = async () => Number(/translate\((-?[\d.]+)px/.exec((await node.getAttribute('style')) ?? '')![1]);
  const before = await x();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(x).toBeGreaterThan(before);

  // the save dialog keeps the focus inside and hands it back to its button
  const save = page.getByRole('toolbar', { name: 'Workspace tools' }).getByRole('button', { name: 'Save session' });
  await save.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await expectFocusRing(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(save).toBeFocused();

  // Delete (or Backspace) removes the focused card; the toast offers Undo, which puts it back
  // the toast of this removal: the one before it may still be leaving, its Undo spent
  const undo = page.locator('[data-sonner-toast]:not([data-removed="true"])').getByRole('button', { name: 'Undo' });
  for (const key of ['Delete', 'Backspace']) {
    // a card put back by Undo is focusable once the canvas has measured it again
    await expect(async () => {
      await node.focus();
      await expect(node).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press(key);
    await expect(card).toHaveCount(0);
    await undo.first().focus();
    await expectFocusRing(page);
    if (key === 'Delete') {
      // the toast waits while the keyboard is on its Undo, past its 5 s, and nothing is deleted meanwhile
      const deletes: string[] = [];
      const onRequest = (r: Request) => {
        if (r.method() === 'DELETE' && r.url().includes('/api/images/')) deletes.push(r.url());
      };
      page.on('request', onRequest);
      await page.waitForTimeout(6_500);
      await expect(undo.first()).toBeFocused();
      page.off('request', onRequest);
      expect(deletes).toEqual([]);
    }
    await page.keyboard.press('Enter');
    await expect(card).toHaveCount(1);
    // Undo closes its toast
    await expect(undo).toHaveCount(0);
  }
  await node.focus();
  await page.keyboard.press('Enter');
  await expect(node).toHaveClass(/\bselected\b/);

  // the remove tool: B turns the brush on, the brush size follows the arrow keys, X clears, M opens the larger mask
  // editor whose controls are reached by Tab and which Escape closes
  await node.focus();
  await page.keyboard.press('b');
  const size = page.getByRole('slider', { name: 'Brush Size' }).first();
  await expect(size).toBeVisible();
  await size.focus();
  const sizeBefore = Number(await size.inputValue());
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await size.inputValue())).toBe(sizeBefore + 1);
  await page.keyboard.press('End');
  await expect.poll(async () => Number(await size.inputValue())).toBe(100);
  await expectFocusRing(page);

  // painting: Tab onto the card's mask, Enter paints a dot, Space down, arrows paint, Space up; X clears
  const overlay = card.getByTestId('mask-overlay');
  const surface = overlay.locator('canvas');
  await node.focus();
  await tabTo(page, surface, 10);
  expect(await overlay.evaluate((el) => getComputedStyle(el).boxShadow)).toMatch(/0px 0px 0px 2px inset/);
  await page.keyboard.press('Enter');
  await expect(surface).toHaveAttribute('data-strokes', '1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(surface).toHaveAttribute('data-strokes', '2');
  // the arrows painted: the card did not move
  const moved = await x();
  await page.keyboard.press('ArrowRight');
  expect(await x()).toBe(moved);
  await page.keyboard.press('x');
  await expect(surface).toHaveAttribute('data-strokes', '0');
  await surface.focus();
  await page.keyboard.press('Enter');
  await expect(surface).toHaveAttribute('data-strokes', '1');

  await node.focus();
  await page.keyboard.press('m');
  const modal = page.getByTestId('mask-modal');
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByRole('slider', { name: 'Brush Size' }), 12);
  await page.keyboard.press('Home');
  await expect.poll(async () => Number(await modal.getByRole('slider', { name: 'Brush Size' }).inputValue())).toBe(5);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // the mask is applied from the keyboard too
  const removeObject = page.getByRole('button', { name: 'Remove Object' });
  await removeObject.focus();
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Object Removal Started' })).toBeVisible();
});

test("an enhanced card's before/after slider: arrow keys, Home and End", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await businessUser(page.request, baseURL!, 'keys-compare', 'operator');
  const file = path.join(test.info().outputDir, 'atrium.png');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[2];
  await sharp(path.join(RENDERS, source)).resize({ width: 160 }).png().toFile(file);
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(file);
  const card = page.locator('[data-testid="image-card"][data-name="atrium.png"]');
  await expect(card).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  const node = page.locator('.react-flow__node', { has: card });
  await node.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('e');
  await expect(card).toHaveAttribute('data-status', 'enhanced', { timeout: 240_000 });
  // the 'Enhancement Complete' overlay holds the focus until it is closed from the keyboard
  await expect(page.getByTestId('completion-overlay')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('completion-overlay')).toBeHidden();

  const handle = card.getByTestId('compare-handle');
  await tabTo(page, handle, 10);
  await expect(handle).toBeFocused();
  expect(
    await handle
      .locator('span')
      .first()
      .evaluate((el) => getComputedStyle(el).boxShadow),
  ).toMatch(/0px 0px 0px 4px/);
  await expect(handle).toHaveAttribute('aria-valuenow', '50');
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', '52');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', '42');
  await page.keyboard.press('Home');
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('End');
  await expect(handle).toHaveAttribute('aria-valuenow', '100');
  // the keys moved the handle, not the card
  await expect(node).toHaveClass(/\bselected\b/);
});
