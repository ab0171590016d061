/**
 * The masking window for fine work, end to end against the real server, workers and engine: it waits for its picture
 * before it takes a stroke, zooms to 300 %, paints with the brush, takes part of it away with the eraser, adds a lasso
 * region, undoes and redoes, hides and shows the mask, and removes; then 'Try another fill' gives a second version of
 * the card, another fill of the same hole with the rest of the picture untouched. On a phone: pinch to 300 % and
 * paint with a finger. Screenshots of the window at 300 % go to docs/screenshots.
 */
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { businessUser, renderWithDisc, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 60_000 });
const NAME = 'loggia.png';
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const render = renderWithDisc(NAME, 1200, 36);

const card = (page: Page) => page.locator(`[data-testid="image-card"][data-name="${NAME}"]`);
const zoom = (page: Page) => page.getByTestId('mask-zoom');

/** The picture's top-left and scale on screen: where an image pixel is drawn. */
async function pictureOnScreen(stage: Locator) {
  const img = stage.locator('img');
  const box = (await img.boundingBox())!;
  const { width } = render.size();
  return { at: (x: number, y: number) => ({ x: box.x + (x * box.width) / width, y: box.y + (y * box.width) / width }), k: box.width / width };
}

async function drag(page: Page, points: { x: number; y: number }[]) {
  await page.mouse.move(points[0].x, points[0].y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 4 });
  await page.mouse.up();
}

/** The removal versions of the upload, oldest first, with their pixels. */
async function removals(page: Page) {
  const list = (await (await page.request.get('/api/images')).json()).images as {
    name: string;
    versions: { jobId: string; url: string; workflow: string }[];
  }[];
  const versions = list.find((i) => i.name === NAME)!.versions.filter((v) => v.workflow === 'remove');
  return Promise.all(
    versions.map(async (v) => ({
      jobId: v.jobId,
      pixels: await sharp(Buffer.from(await (await page.request.get(v.url)).body()))
        .removeAlpha()
        .raw()
        .toBuffer(),
    })),
  );
}

test('the masking window: waits for its picture, 300 %, brush, eraser, lasso, undo/redo, remove, and Try another fill', async ({ page, baseURL }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'mask-editor', 'operator');
  const { width: W, height: H } = render.size();
  const original = await sharp(render.file()).removeAlpha().raw().toBuffer();

  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(card(page)).toHaveAttribute('data-status', 'idle');
  await card(page).click();

  // the full picture arrives late: the window says so and takes no stroke over the empty frame
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/files/user-images/**', async (route) => {
    if (!/thumb|preview/i.test(route.request().url())) await held;
    await route.continue();
  });
  await page.getByTestId('tool-mask').click();
  const modal = page.getByTestId('mask-modal');
  const stage = modal.getByTestId('mask-modal-canvas');
  await expect(modal.getByRole('status')).toHaveText('Loading the picture…');
  await expect(stage).toHaveAttribute('data-ready', 'false');
  const frame = (await stage.boundingBox())!;
  await drag(page, [
    { x: frame.x + frame.width / 2 - 50, y: frame.y + frame.height / 2 },
    { x: frame.x + frame.width / 2 + 50, y: frame.y + frame.height / 2 },
  ]);
  await expect(stage).toHaveAttribute('data-strokes', '0');
  await expect(modal.getByRole('button', { name: /^Rectangle/ })).toBeDisabled();
  release();
  await expect(stage).toHaveAttribute('data-ready', 'true');
  await expect(modal.getByRole('status')).toHaveCount(0);
  await page.unroute('**/api/files/user-images/**');

  // Fit, then the wheel zooms about the cursor (the point under it stays), then + to 300 %
  const fitPercent = parseInt((await zoom(page).textContent())!, 10);
  expect(fitPercent).toBeLessThan(100);
  let pic = await pictureOnScreen(stage);
  const disc = pic.at(W / 2, H / 2);
  await page.mouse.move(disc.x, disc.y);
  await page.mouse.wheel(0, -100);
  await expect.poll(async () => parseInt((await zoom(page).textContent())!, 10)).toBeGreaterThan(fitPercent);
  pic = await pictureOnScreen(stage);
  const under = pic.at(W / 2, H / 2);
  expect(Math.abs(under.x - disc.x)).toBeLessThan(2);
  expect(Math.abs(under.y - disc.y)).toBeLessThan(2);
  await page.keyboard.press('0');
  await expect(zoom(page)).toHaveText(`${fitPercent} %`);
  for (let i = 0; i < 8 && (await zoom(page).textContent()) !== '300 %'; i++) await page.keyboard.press('+');
  await expect(zoom(page)).toHaveText('300 %');
  await expect(stage).toHaveAttribute('data-zoom', '300');
  pic = await pictureOnScreen(stage);
  expect(pic.k).toBeCloseTo(3, 2);
  // the disc is at the centre of the stage, where + zoomed about
  const c = pic.at(W / 2, H / 2);

  // the brush, at its largest: the outline under the pointer is the brush's size
  await modal.getByRole('slider', { name: 'Brush Size' }).first().focus();
  await page.keyboard.press('End');
  await page.mouse.move(c.x, c.y);
  await expect(modal.getByTestId('mask-cursor')).toHaveCSS('width', '100px');
  // a stroke across the disc that runs on to the right, over the floor
  await drag(page, [
    { x: c.x - 90, y: c.y },
    { x: c.x + 300, y: c.y },
  ]);
  await expect(stage).toHaveAttribute('data-strokes', '1');
  // the eraser takes the part over the floor away again
  await page.keyboard.press('e');
  await expect(modal.getByRole('button', { name: /^Eraser/ })).toHaveAttribute('aria-pressed', 'true');
  await drag(page, [
    { x: c.x + 300, y: c.y },
    { x: c.x + 170, y: c.y },
  ]);
  await expect(stage).toHaveAttribute('data-strokes', '2');
  await page.keyboard.press('e');
  // the lasso adds a region around the whole disc (36 px radius: 108 px at 300 %)
  await modal.getByRole('button', { name: 'Lasso' }).click();
  const ring = Array.from({ length: 16 }, (_, i) => ({ x: c.x + 150 * Math.cos((i / 16) * 2 * Math.PI), y: c.y + 150 * Math.sin((i / 16) * 2 * Math.PI) }));
  await drag(page, ring);
  await expect(stage).toHaveAttribute('data-strokes', '3');
  // Escape during a shape drops it, and the window stays open
  await page.mouse.move(ring[0].x, ring[0].y);
  await page.mouse.down();
  await page.mouse.move(ring[4].x, ring[4].y, { steps: 4 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(stage).toHaveAttribute('data-strokes', '3');
  await expect(modal).toBeVisible();
  // undo and redo, by keys and buttons
  await page.keyboard.press('Control+z');
  await expect(stage).toHaveAttribute('data-strokes', '2');
  await page.keyboard.press('Control+Shift+z');
  await expect(stage).toHaveAttribute('data-strokes', '3');
  await modal.getByRole('button', { name: 'Undo' }).click();
  await expect(stage).toHaveAttribute('data-strokes', '2');
  await modal.getByRole('button', { name: 'Redo' }).click();
  await expect(stage).toHaveAttribute('data-strokes', '3');
  // H hides the mask and shows it again
  await page.keyboard.press('h');
  await expect(modal.getByTestId('mask-overlay-canvas')).toHaveAttribute('data-shown', 'false');
  await page.keyboard.press('h');
  await expect(modal.getByTestId('mask-overlay-canvas')).toHaveAttribute('data-shown', 'true');
  await page.mouse.move(c.x + 40, c.y + 40);
  await page.screenshot({ path: path.join(SHOTS, 'mask-editor-300-desktop.png') });

  await modal.getByRole('button', { name: 'Remove Object' }).click();
  await expect(modal).toHaveCount(0);
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced', { timeout: 600_000 });
  const [first] = await removals(page);
  const px = (buf: Buffer, x: number, y: number) =>
    Array.from(buf.subarray((Math.round(y) * W + Math.round(x)) * 3, (Math.round(y) * W + Math.round(x)) * 3 + 3));
  // the disc (a light cream) is gone
  const cream = px(original, W / 2, H / 2);
  expect(cream[0]).toBeGreaterThan(230);
  expect(px(first.pixels, W / 2, H / 2)).not.toEqual(cream);
  // where the eraser took the stroke away the floor is as it was (the brush reached 300/3 = 100 px right of the centre)
  for (const dx of [75, 85, 95]) expect(px(first.pixels, W / 2 + dx, H / 2)).toEqual(px(original, W / 2 + dx, H / 2));

  // Try another fill: a second removal version, another fill of the same hole, the rest untouched
  await card(page).getByTestId('another-fill').click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Object Removal Started' })).toBeVisible();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced', { timeout: 600_000 });
  await expect.poll(async () => (await removals(page)).length).toBe(2);
  const [, second] = await removals(page);
  // the mask reaches 50 px from the centre (the lasso; the eraser leaves the stroke's corners near its rounded end up to
  // about 55 px), and the engine grows it by 3 px: beyond 64 px nothing may change
  let differing = 0;
  let outsideChanged = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const same = first.pixels[i] === second.pixels[i] && first.pixels[i + 1] === second.pixels[i + 1] && first.pixels[i + 2] === second.pixels[i + 2];
      if (Math.hypot(x - W / 2, y - H / 2) < 36) differing += same ? 0 : 1;
      else if (Math.hypot(x - W / 2, y - H / 2) > 64 && !same) outsideChanged++;
    }
  expect(outsideChanged).toBe(0);
  expect(differing).toBeGreaterThan(200);
  const versions = card(page).getByTestId('card-versions');
  // the card's Version list holds its results: the first fill and the second
  await expect(versions.locator('option')).toHaveCount(2);
  await expect(versions).toHaveValue(second.jobId);
  // the inspection viewer sets the two fills side by side
  await card(page).getByTestId('card-open-viewer').click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-version').locator('option')).toHaveCount(3);
  await page.keyboard.press('s');
  await viewer.getByTestId('viewer-left-version').selectOption('1');
  await viewer.getByTestId('viewer-version').selectOption('2');
  await expect(viewer.getByTestId('viewer-left-version')).toHaveValue('1');
  await expect(viewer.getByTestId('viewer-version')).toHaveValue('2');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // the user keeps the first fill and deletes the second: shown, then deleted from the card's menu after a confirmation
  await versions.selectOption(first.jobId);
  await expect(versions).toHaveValue(first.jobId);
  await versions.selectOption(second.jobId);
  await card(page).getByTestId('card-menu').click();
  await page.getByTestId('card-delete-version').click();
  const confirm = page.getByTestId('delete-version-dialog');
  await expect(confirm).toContainText('will be deleted for good');
  await page.screenshot({ path: path.join(SHOTS, 'delete-version.png') });
  await confirm.getByTestId('delete-version-confirm').click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Version deleted' })).toBeVisible();
  // one version left: the card shows it, and the server holds only it
  await expect(versions).toHaveCount(0);
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');
  expect((await removals(page)).map((r) => r.jobId)).toEqual([first.jobId]);
  await page.reload();
  await expect(card(page)).toHaveAttribute('data-status', 'enhanced');
  expect((await removals(page)).map((r) => r.jobId)).toEqual([first.jobId]);
});

test('on a phone: the masking window pinches to 300 % and paints with a finger', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await context.addInitScript(() => localStorage.setItem('auto-save-images', 'false'));
  const page = await context.newPage();
  await businessUser(page.request, baseURL!, 'mask-editor-phone', 'operator');
  await page.goto('/enhance');
  await page.getByTestId('file-input').setInputFiles(render.file());
  await expect(card(page)).toHaveAttribute('data-status', 'idle');
  // the upload's notice would cover the window's header in the screenshot
  await page.locator('[data-sonner-toast]').getByRole('button', { name: /close/i }).first().tap();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await card(page).tap();
  await page.getByTestId('tool-mask').tap();
  const modal = page.getByTestId('mask-modal');
  const stage = modal.getByTestId('mask-modal-canvas');
  await expect(stage).toHaveAttribute('data-ready', 'true');
  const box = (await stage.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });

  // two fingers spread apart to 300 %: the spread grows by 3 ÷ Fit's zoom (read off the drawn picture)
  const fit = (await stage.locator('img').boundingBox())!.width / render.size().width;
  expect(fit).toBeLessThan(1);
  const target = 3 / fit;
  await touch('touchStart', [
    { x: cx - 20, y: cy },
    { x: cx + 20, y: cy },
  ]);
  for (let i = 1; i <= 12; i++) {
    const half = 20 * (1 + ((target - 1) * i) / 12);
    await touch('touchMove', [
      { x: cx - half, y: cy },
      { x: cx + half, y: cy },
    ]);
  }
  await touch('touchEnd', []);
  await expect(zoom(page)).toHaveText('300 %');
  // a pinch paints nothing
  await expect(stage).toHaveAttribute('data-strokes', '0');

  // one finger paints a stroke
  await touch('touchStart', [{ x: cx - 60, y: cy }]);
  for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: cx - 60 + i * 20, y: cy + i * 4 }]);
  await touch('touchEnd', []);
  await expect(stage).toHaveAttribute('data-strokes', '1');
  await page.screenshot({ path: path.join(SHOTS, 'mask-editor-300-phone.png') });
  await context.close();
});
