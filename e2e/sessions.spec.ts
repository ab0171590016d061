/**
 * Workspace sessions and object removal, end to end against the real server, workers and engine: a paying user
 * paints over a bright object in a render and removes it; saves the workspace as 'Villa A', moves a card, saves,
 * reloads and finds the layout; saves as 'Villa B'; loads 'Villa A' from the Viewport Manager window and deletes
 * 'Villa B' there; leaves with unsaved changes through Save & Continue and finds them saved; loses a tab with
 * unsaved changes and gets them back from the local backup; a second user can neither list nor load any of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { businessUser, test } from './fixtures';
import { cameraAtRest, dragCard } from './canvas';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');
const WIDTH = 320;
const OBJECT_NAME = 'villa-terrace.png';
const SECOND_NAME = 'villa-interior.png';
/** Radius of the bright object put into the render, in image pixels. */
const OBJECT_R = 12;

let folder: string;
let object: { cx: number; cy: number; width: number; height: number };

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Mean luminance inside radius r (disc) and in the ring between r1 and r2 around (cx, cy). */
async function discAndRing(png: Buffer, cx: number, cy: number, r: number, r1: number, r2: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let disc = 0;
  let nd = 0;
  let ring = 0;
  let nr = 0;
  for (let y = Math.max(0, Math.floor(cy - r2)); y < Math.min(info.height, Math.ceil(cy + r2)); y++) {
    for (let x = Math.max(0, Math.floor(cx - r2)); x < Math.min(info.width, Math.ceil(cx + r2)); x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const i = (y * info.width + x) * info.channels;
      const l = luminance(data[i], data[i + 1], data[i + 2]);
      if (d <= r) {
        disc += l;
        nd++;
      } else if (d >= r1 && d <= r2) {
        ring += l;
        nr++;
      }
    }
  }
  return { disc: disc / nd, ring: ring / nr, width: info.width, height: info.height };
}

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-sessions-'));
  const sources = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort();
  expect(sources.length).toBeGreaterThanOrEqual(2);
  const base = await sharp(path.join(RENDERS, sources.find((s) => s.startsWith('02')) ?? sources[0]))
    .resize({ width: WIDTH })
    .removeAlpha()
    .png()
    .toBuffer();
  const { data, info } = await sharp(base).raw().toBuffer({ resolveWithObject: true });
  // the object goes where the render is darkest and calmest, so a leftover of it would stand out
  let best = { score: Infinity, cx: 0, cy: 0 };
  for (let cy = 40; cy < info.height - 40; cy += 6) {
    for (let cx = 40; cx < info.width - 40; cx += 6) {
      let sum = 0;
      let sq = 0;
      let n = 0;
      for (let y = cy - 28; y < cy + 28; y += 2) {
        for (let x = cx - 28; x < cx + 28; x += 2) {
          const i = (y * info.width + x) * info.channels;
          const l = luminance(data[i], data[i + 1], data[i + 2]);
          sum += l;
          sq += l * l;
          n++;
        }
      }
      const mean = sum / n;
      const score = mean + Math.sqrt(Math.max(0, sq / n - mean * mean)) * 2;
      if (score < best.score) best = { score, cx, cy };
    }
  }
  const disc = Buffer.from(`<svg width="${info.width}" height="${info.height}"><circle cx="${best.cx}" cy="${best.cy}" r="${OBJECT_R}" fill="#fffbe8"/></svg>`);
  const withObject = await sharp(base)
    .composite([{ input: disc }])
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(folder, OBJECT_NAME), withObject);
  object = { cx: best.cx, cy: best.cy, width: info.width, height: info.height };
  const measured = await discAndRing(withObject, best.cx, best.cy, OBJECT_R - 2, OBJECT_R * 1.8, OBJECT_R * 2.6);
  // the object is really there and really bright against its surroundings
  expect(measured.disc - measured.ring).toBeGreaterThan(80);

  const second = sources.find((s) => s.startsWith('04')) ?? sources[1];
  await sharp(path.join(RENDERS, second)).resize({ width: WIDTH }).png().toFile(path.join(folder, SECOND_NAME));
});

test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const paidUser = (request: APIRequestContext, baseURL: string) => businessUser(request, baseURL, 'vp', 'checkout');

const card = (page: Page, name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);
const node = (page: Page, name: string) => page.locator('.react-flow__node', { has: card(page, name) });
const tool = (page: Page, label: string) => page.getByRole('toolbar').getByRole('button', { name: label, exact: true });
const sessionName = (page: Page) => page.getByTestId('session-name');

/** The card's position on the canvas, read from React Flow's transform. */
async function position(page: Page, name: string) {
  const transform = await node(page, name).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
  expect(m, `transform of ${name}: ${transform}`).not.toBeNull();
  return { x: Math.round(Number(m![1])), y: Math.round(Number(m![2])) };
}

const drag = (page: Page, name: string, dx: number, dy: number) => dragCard(page, card(page, name), dx, dy);

/** Whether the whole card lies inside the window. */
function inWindow(page: Page, name: string) {
  return card(page, name).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
  });
}

async function activeSession(request: APIRequestContext) {
  const res = await request.get('/api/viewports/active');
  expect(res.ok()).toBe(true);
  return (await res.json()).session as {
    id: string;
    session_name: string;
    viewport_data: { images: { name?: string; position: { x: number; y: number } }[] };
  } | null;
}

async function savedPosition(request: APIRequestContext, name: string) {
  const s = await activeSession(request);
  const img = s?.viewport_data.images.find((i) => i.name === name);
  return img ? { x: Math.round(img.position.x), y: Math.round(img.position.y) } : null;
}

async function saveNamed(page: Page, name: string, dialogTitle: string) {
  const dialog = page.getByTestId('save-session-dialog');
  await expect(dialog.getByText(dialogTitle, { exact: true })).toBeVisible();
  const field = dialog.getByLabel('Session Name');
  await expect(field).toHaveAttribute('placeholder', 'Enter session name...');
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await field.fill(name);
  await field.press('Enter');
  await expect(page.getByText(`Session "${name}" saved successfully!`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(sessionName(page)).toHaveText(name);
}

async function paintOver(page: Page, target: Locator, nat: { width: number; height: number }, cx: number, cy: number, r: number) {
  const box = (await target.boundingBox())!;
  const k = box.width / nat.width;
  const x0 = box.x + (cx - r) * k;
  const x1 = box.x + (cx + r) * k;
  // horizontal passes a few pixels apart: one stroke per pass, committed on release
  for (let y = cy - r; y <= cy + r; y += Math.max(2, r / 3)) {
    const sy = box.y + y * k;
    await page.mouse.move(x0, sy);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, sy);
    await page.mouse.up();
  }
}

test('remove an object, save, reload, save as, load and delete from the Viewport Manager, save on leaving, recover a lost tab; another user sees none of it', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await paidUser(page.request, baseURL!);

  await page.goto('/enhance');
  await expect(page.getByText('Start Your Enhancement')).toBeVisible();
  await page.getByTestId('file-input').setInputFiles([path.join(folder, OBJECT_NAME), path.join(folder, SECOND_NAME)]);
  await expect(page.getByText('Upload Complete')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('image-card')).toHaveCount(2);
  await expect(card(page, OBJECT_NAME)).toHaveAttribute('data-status', 'idle');

  // ---------------------------------------------------------------- remove the bright object
  await card(page, OBJECT_NAME).click();
  await expect(tool(page, 'Brush')).toBeEnabled();
  await tool(page, 'Brush').click();
  await expect(tool(page, 'Brush')).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('remove-tool-panel');
  await expect(panel.getByText('Brush Size')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Object' })).toBeVisible();

  // nothing painted yet: the seed's message
  await page.getByRole('button', { name: 'Remove Object' }).click();
  await expect(page.getByText('No mask drawn. Please paint over areas you want to remove first.')).toBeVisible();

  const overlay = card(page, OBJECT_NAME).getByTestId('mask-overlay');
  await expect(overlay).toBeVisible();
  // strokes are placed from the overlay's box on screen: a camera still framing the cards would move them off the object
  await cameraAtRest(page);
  const overlayBox = (await overlay.boundingBox())!;
  // a brush of about 10 image pixels on screen
  const brush = Math.max(5, Math.min(100, Math.round((10 * overlayBox.width) / object.width)));
  await panel.getByLabel('Brush Size').fill(String(brush));
  await paintOver(page, overlay, object, object.cx, object.cy, OBJECT_R + 4);
  const strokes = Number(await overlay.locator('canvas').getAttribute('data-strokes'));
  expect(strokes).toBeGreaterThan(3);
  // undo takes back the last stroke only
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(overlay.locator('canvas')).toHaveAttribute('data-strokes', String(strokes - 1));
  await paintOver(page, overlay, object, object.cx, object.cy + OBJECT_R + 4, 0);

  // the removal may be over before a poll would see its progress, so the page itself notes whether the card showed it
  await page.evaluate((name) => {
    const w = window as unknown as { sawRemoving?: boolean };
    w.sawRemoving = false;
    const seen = () => document.querySelector(`[data-testid="image-card"][data-name="${name}"]`)?.textContent?.includes('AI removing objects...') ?? false;
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      w.sawRemoving = true;
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, OBJECT_NAME);
  await page.getByRole('button', { name: 'Remove Object' }).click();
  await expect(page.getByText('Object Removal Started')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sawRemoving?: boolean }).sawRemoving), { message: "the card showed 'AI removing objects...'" })
    .toBe(true);
  await expect(card(page, OBJECT_NAME)).toHaveAttribute('data-status', 'enhanced', { timeout: 180_000 });
  // preview mode is on, the mask is cleared
  await expect(tool(page, 'Preview mode')).toHaveAttribute('aria-pressed', 'true');
  const shown = card(page, OBJECT_NAME).locator('img').first();
  const resultUrl = (await shown.getAttribute('src'))!;
  expect(resultUrl).toBeTruthy();
  const result = await page.request.get(resultUrl);
  expect(result.ok()).toBe(true);
  const after = await discAndRing(await result.body(), object.cx, object.cy, OBJECT_R - 2, OBJECT_R * 1.8, OBJECT_R * 2.6);
  expect(after.width).toBe(object.width);
  expect(after.height).toBe(object.height);
  // the object is gone: where it was now looks like what surrounds it
  expect(Math.abs(after.disc - after.ring)).toBeLessThan(30);
  // the original is still there: the comparison shows it beside the result
  await tool(page, 'Comparison slider').click();
  await expect(card(page, OBJECT_NAME).locator(`img[src="${resultUrl}"]`)).toHaveCount(1);
  await expect(tool(page, 'Brush')).toHaveAttribute('aria-pressed', 'false');

  // ---------------------------------------------------------------- save as 'Villa A', move, save, reload
  await expect(sessionName(page)).toHaveText('Untitled session');
  await page.getByTestId('tool-save').click();
  await saveNamed(page, 'Villa A', 'Save Session');

  await drag(page, SECOND_NAME, 180, 120);
  const moved = await position(page, SECOND_NAME);
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  await page.getByTestId('tool-save').click();
  await page.getByRole('menuitem', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Session updated successfully!')).toBeVisible();
  await expect(page.getByTestId('unsaved-dot')).toBeHidden();
  expect(await savedPosition(page.request, SECOND_NAME)).toEqual(moved);

  await page.reload();
  await expect(card(page, SECOND_NAME)).toBeVisible();
  await expect(sessionName(page)).toHaveText('Villa A');
  await expect.poll(() => position(page, SECOND_NAME)).toEqual(moved);
  // the removal result is part of the saved viewport
  await expect(card(page, OBJECT_NAME)).toHaveAttribute('data-status', 'enhanced');

  // ---------------------------------------------------------------- save as 'Villa B' with a different layout
  await page.getByTestId('tool-save').click();
  await page.getByRole('menuitem', { name: 'Save As' }).click();
  await saveNamed(page, 'Villa B', 'Save New Session');
  await drag(page, SECOND_NAME, -260, 40);
  const movedB = await position(page, SECOND_NAME);
  expect(movedB).not.toEqual(moved);
  await page.getByTestId('tool-save').click();
  await page.getByRole('menuitem', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Session updated successfully!')).toBeVisible();

  // ---------------------------------------------------------------- the Viewport Manager window
  const [manager] = await Promise.all([context.waitForEvent('page'), tool(page, 'Viewport Manager').click()]);
  await manager.waitForLoadState();
  await expect(manager).toHaveURL(/\/viewports$/);
  const managerCard = (name: string) => manager.locator(`[data-testid="viewport-card"][data-name="${name}"]`);
  await expect(managerCard('Villa A')).toContainText('2 images');
  await expect(managerCard('Villa B')).toHaveAttribute('data-active', 'true');
  await expect(manager.getByTestId('viewport-create')).toBeVisible();

  await managerCard('Villa A').getByRole('button').first().click();
  await expect(manager.getByText('Session "Villa A" loaded!')).toBeVisible();
  await expect(managerCard('Villa A')).toHaveAttribute('data-active', 'true');
  // the workspace window follows over the live channel
  await expect(sessionName(page)).toHaveText('Villa A');
  await expect.poll(() => position(page, SECOND_NAME)).toEqual(moved);

  await managerCard('Villa B').hover();
  await managerCard('Villa B').getByTestId('viewport-delete').click();
  await manager.getByTestId('delete-viewport-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(manager.getByText('Viewport deleted successfully')).toBeVisible();
  await expect(managerCard('Villa B')).toHaveCount(0);
  const listed = (await (await page.request.get('/api/viewports')).json()).sessions as { session_name: string }[];
  expect(listed.map((s) => s.session_name)).toEqual(['Villa A']);
  await manager.close();

  // ---------------------------------------------------------------- leaving with unsaved changes
  await drag(page, SECOND_NAME, 120, -200);
  const unsaved = await position(page, SECOND_NAME);
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).first().click();
  const leave = page.getByTestId('leave-dialog');
  await expect(leave.getByText('Save Your Viewport?')).toBeVisible();
  await expect(leave.getByText('Image positions and zoom levels')).toBeVisible();
  await expect(leave.getByText('Enhancement settings')).toBeVisible();
  await expect(leave.getByText('Finished results are kept: enhancements and removals already done stay in your account.')).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Continue Without Saving' })).toBeVisible();
  await leave.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page).toHaveURL(/\/pricing/);
  expect(await savedPosition(page.request, SECOND_NAME)).toEqual(unsaved);

  await page.goto('/enhance');
  await expect(sessionName(page)).toHaveText('Villa A');
  await expect.poll(() => position(page, SECOND_NAME)).toEqual(unsaved);
  // the session's cards are framed in the window, whatever the layout the plain image list would have given
  for (const name of [OBJECT_NAME, SECOND_NAME]) await expect.poll(() => inWindow(page, name), { message: `${name} framed` }).toBe(true);
  const villaA = (await activeSession(page.request))!;

  // ---------------------------------------------------------------- a tab lost with unsaved changes
  await drag(page, SECOND_NAME, -150, 90);
  const lost = await position(page, SECOND_NAME);
  await expect(page.getByTestId('unsaved-dot')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('renderlift:viewport-backup') !== null)).toBe(true);
  const again = await context.newPage();
  await page.close({ runBeforeUnload: false });
  await again.goto('/enhance');
  const backup = again.getByTestId('backup-dialog');
  await expect(backup.getByText('Unsaved Viewport Found')).toBeVisible();
  await backup.getByRole('button', { name: 'Restore' }).click();
  await expect.poll(() => position(again, SECOND_NAME)).toEqual(lost);
  // restored, not yet saved
  await expect(again.getByTestId('unsaved-dot')).toBeVisible();
  expect(await savedPosition(again.request, SECOND_NAME)).toEqual(unsaved);

  // ---------------------------------------------------------------- another user
  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await paidUser(otherPage.request, baseURL!);
    const list = await otherPage.request.get('/api/viewports');
    expect(list.status()).toBe(200);
    expect((await list.json()).sessions).toEqual([]);
    const load = await otherPage.request.post(`/api/viewports/${villaA.id}/load`, { headers: { Origin: baseURL! } });
    expect(load.status()).toBe(404);
    expect((await load.json()).error.message).toBe('Session not found');
    await otherPage.goto('/viewports');
    await expect(otherPage.getByText('No Saved Viewports')).toBeVisible();
  } finally {
    await other.close();
  }
});
