/**
 * The site and the workspace on a phone (390 × 844, touch): the menu, the pricing cards and the profile tabs all
 * reachable without sideways scrolling of the page; in the workspace the balance is in the top bar and in the menu
 * sheet, every tool of the toolbar is on screen, and a user can VIEW (pinch and drag the canvas, zoom into a card and
 * drag its picture), ENHANCE (scale from the settings sheet, which steps aside so the card and its progress show),
 * see the result full screen and DOWNLOAD it, and COMPARE with the slider under a finger.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type CDPSession, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
let folder: string;
let size = { width: 0, height: 0 };
test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-phone-'));
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  const out = await sharp(path.join(RENDERS, source)).resize({ width: 200 }).png().toFile(path.join(folder, 'phone.png'));
  size = { width: out.width, height: out.height };
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

type Point = { x: number; y: number };
/**
 * One or more fingers moving together from `from` to `to` (the browser's own touch events, as a phone sends them),
 * 16 ms apart, held still for a moment before they lift: a finger lifted while still moving starts a fling, and the
 * browser takes the next tap as the one that stops it.
 */
async function touchMove(cdp: CDPSession, from: Point[], to: Point[], steps = 10) {
  const at = (k: number) => from.map((p, i) => ({ x: p.x + (to[i].x - p.x) * k, y: p.y + (to[i].y - p.y) * k, id: i }));
  let timestamp = Date.now() / 1000;
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: ReturnType<typeof at>) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints, timestamp });
  await send('touchStart', at(0));
  for (let i = 1; i <= steps; i++) {
    timestamp += 0.016;
    await send('touchMove', at(i / steps));
  }
  timestamp += 0.3;
  await send('touchMove', at(1));
  await send('touchEnd', []);
}
/** The canvas camera: its scale and offset. */
const camera = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return { scale: m.a, x: m.e, y: m.f };
  });
const centre = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
/** Nothing on the page is wider than the phone: no sideways scrolling. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('on a phone: the menu, the pricing cards and the profile tabs', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const menu = page.getByTestId('mobile-menu');
  for (const name of ['Features', 'Enhance', 'Pricing', 'About']) {
    const link = menu.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: test.info().outputPath('menu-390.png') });
  await menu.getByRole('link', { name: 'Pricing', exact: true }).tap();
  await expect(page).toHaveURL(/\/pricing$/);

  // four plan cards, one under the other, each as wide as the screen allows
  for (const plan of ['basic', 'professional', 'business', 'enterprise']) {
    const card = page.getByTestId(`plan-card-${plan}`);
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    expect(box.x, plan).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, plan).toBeLessThanOrEqual(390);
    await expect(card.getByRole('button').or(card.getByRole('link')).first()).toBeVisible();
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('pricing-390.png'), fullPage: true });

  // every profile tab reachable by a finger, the page itself never wider than the phone
  await businessUser(page.request, baseURL!, 'phone-tabs', 'operator');
  await page.goto('/profile');
  for (const [name, tab] of [
    ['Credits', 'credits'],
    ['Billing', 'billing'],
    ['Settings', 'settings'],
    ['Profile', null],
  ] as const) {
    await page.getByRole('tab', { name }).tap();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(tab ? new RegExp(`tab=${tab}$`) : /\/profile$/);
    expect(await pageWidth(page), name).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: test.info().outputPath('profile-390.png') });

  // a name at the longest the form takes wraps inside its card: the page stays as wide as the phone, and the note
  // under the e-mail field is not covered by it
  const longName = 'Maximiliane-Konstantina'.repeat(5).slice(0, 100);
  const saved = await page.request.patch('/api/profile', { headers: { Origin: baseURL! }, data: { first_name: longName, last_name: 'Muster' } });
  expect(saved.status()).toBe(200);
  await page.goto('/profile');
  await expect(page.getByTestId('personal-info').getByText(longName, { exact: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const note = page.getByText('Email cannot be changed');
  await note.scrollIntoViewIfNeeded();
  const noteBox = (await note.boundingBox())!;
  expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(390);
  // nothing else is drawn over the note's middle
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
    x: noteBox.x + noteBox.width / 2,
    y: noteBox.y + noteBox.height / 2,
  });
  expect(onTop).toContain('Email cannot be changed');
});

test('on a phone: credits, the whole toolbar, and a user who can view, enhance, download and compare by touch', async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await businessUser(page.request, baseURL!, 'phone', 'operator');
  await page.goto('/enhance');
  const cdp = await page.context().newCDPSession(page);

  // the balance: in the top bar, and in the menu sheet
  await expect(page.getByTestId('nav-credits-phone')).toBeVisible();
  await expect(page.getByTestId('nav-credits-phone')).toContainText('1,000');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.getByTestId('mobile-menu').getByTestId('nav-credits')).toBeVisible();
  await expect(page.getByTestId('mobile-menu').getByTestId('nav-credits')).toHaveText('1,000 credits');
  await page.keyboard.press('Escape');

  // every tool of the toolbar on screen, none cut off or hidden
  const tools = await onScreen(page, '[role="toolbar"] button');
  expect(tools.length).toBeGreaterThan(10);
  for (const t of tools) expect(t, `tool ${t.label}`).toMatchObject({ inside: true, topmost: true });

  await page.getByTestId('file-input').setInputFiles(path.join(folder, 'phone.png'));
  const card = page.locator('[data-testid="image-card"]').first();
  await expect(card).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  await card.tap();

  // VIEW: two fingers spread apart on the canvas below the card zoom it in, one finger drags it
  const below = (await card.boundingBox())!;
  const area = { x: 195, y: below.y + below.height - 60 };
  const before = await camera(page);
  await touchMove(
    cdp,
    [
      { x: area.x - 40, y: area.y + 120 },
      { x: area.x + 40, y: area.y + 120 },
    ],
    [
      { x: area.x - 120, y: area.y + 120 },
      { x: area.x + 120, y: area.y + 120 },
    ],
  );
  await expect.poll(async () => (await camera(page)).scale).toBeGreaterThan(before.scale * 1.3);
  const zoomed = await camera(page);
  const cardBox = (await card.boundingBox())!;
  const free = { x: 30, y: Math.min(760, cardBox.y + cardBox.height + 40) };
  await touchMove(cdp, [free], [{ x: free.x + 60, y: free.y - 80 }]);
  await expect.poll(async () => (await camera(page)).y).toBeLessThan(zoomed.y - 40);
  await page.getByTestId('fit-cards').tap();

  // ENHANCE: the settings sheet, a scale, then Enhance; the sheet steps aside and the card's progress shows
  await page.getByRole('button', { name: 'Expand panel' }).tap();
  await page.getByRole('radio', { name: '2×' }).tap();
  const enhance = page.getByRole('button', { name: 'Enhance Image' });
  await expect(enhance).toBeVisible();
  await enhance.tap();
  await expect(card).toHaveAttribute('data-status', /processing|enhanced/);
  await expect(enhance).toBeHidden();
  await expect(page.getByRole('button', { name: 'Expand panel' })).toBeVisible();
  if ((await card.getAttribute('data-status')) === 'processing') {
    const [overlay] = await onScreen(page, '[data-testid="progress-overlay"]');
    expect(overlay?.inside ?? true).toBe(true);
    await page.screenshot({ path: test.info().outputPath('enhancing-390.png') });
  }
  await expect(card).toHaveAttribute('data-status', 'enhanced', { timeout: 480_000 });

  // the result full screen, its buttons within reach; DOWNLOAD from there: a PNG at exactly 2×
  const complete = page.getByTestId('completion-overlay');
  await expect(complete.getByRole('heading', { name: 'Enhancement Complete' })).toBeVisible();
  for (const b of await onScreen(page, '[data-testid="completion-overlay"] button'))
    expect(b, `button ${b.label}`).toMatchObject({ inside: true, topmost: true });
  await page.screenshot({ path: test.info().outputPath('complete-390.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), complete.getByRole('button', { name: 'Download PNG' }).tap()]);
  const file = path.join(folder, 'downloaded.png');
  await download.saveAs(file);
  const meta = await sharp(file).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: size.width * 2, height: size.height * 2 });
  await expect(complete).toHaveCount(0);
  const [shown] = await onScreen(page, '[data-testid="image-card"]');
  expect(shown.topmost).toBe(true);

  // COMPARE: the slider follows a finger
  const handle = card.getByTestId('compare-handle');
  await expect(handle).toHaveAttribute('aria-valuenow', '50');
  const slider = (await card.getByTestId('compare-slider').boundingBox())!;
  const knob = centre((await handle.boundingBox())!);
  await touchMove(cdp, [knob], [{ x: slider.x + slider.width * 0.2, y: knob.y }]);
  const moved = Number(await handle.getAttribute('aria-valuenow'));
  expect(moved).toBeGreaterThan(5);
  expect(moved).toBeLessThan(35);
  await page.screenshot({ path: test.info().outputPath('compare-390.png') });

  // VIEW, closer: the result alone, zoomed in from the toolbar, its picture dragged with a finger
  await page.getByRole('toolbar').getByRole('button', { name: 'Preview mode' }).tap();
  await expect(card.getByTestId('compare-handle')).toHaveCount(0);
  await page.getByTestId('fit-cards').tap();
  await page.getByRole('toolbar').getByRole('button', { name: 'Zoom in' }).tap();
  await page.getByRole('toolbar').getByRole('button', { name: 'Zoom in' }).tap();
  const picture = card.locator('img').first();
  await expect(picture).toHaveAttribute('style', /scale\(2\)/);
  const pic = centre((await picture.boundingBox())!);
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [pic.x, pic.y] as const)).toBe('IMG');
  const framed = await camera(page);
  await touchMove(cdp, [pic], [{ x: pic.x + 50, y: pic.y + 30 }]);
  await expect(picture).toHaveAttribute('style', /translate\((?!0px, 0px)/);
  // the finger moved the picture, not the canvas under it (which stays within a pixel: the fit's glide may just be
  // ending); the next tap resets the zoom
  const after = await camera(page);
  expect(after.scale).toBeCloseTo(framed.scale, 3);
  expect(Math.abs(after.x - framed.x)).toBeLessThan(1);
  expect(Math.abs(after.y - framed.y)).toBeLessThan(1);
  await page.getByRole('toolbar').getByRole('button', { name: 'Reset zoom' }).tap();
  await expect(page.getByTestId('zoom-readout')).toHaveText('100%');
  await expect(picture).not.toHaveAttribute('style', /scale/);
});
