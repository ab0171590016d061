/**
 * The workspace's floating chrome on a common laptop width and across a resize between the desktop and phone
 * layouts: the toolbar shows every tool and the session name, and the cards are never framed under the control panel,
 * also when a saved session puts them somewhere else entirely.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { adminCommand, signedInUser, test } from './fixtures';

let folder: string;

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-layout-'));
  for (const [i, colour] of [
    [255, 120, 40],
    [40, 160, 255],
    [90, 200, 90],
  ].entries()) {
    await sharp({ create: { width: 240, height: 180, channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } } })
      .png()
      .toFile(path.join(folder, `render-${i + 1}.png`));
  }
});

test.afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * Installed before a page's scripts: on every animation frame for 8 s, counts the frames in which a card that can be
 * seen lies partly outside the canvas (cut at its edge), and the frames in which any card can be seen at all.
 */
function recordCutCards() {
  const w = window as unknown as { cutFrames: number; shownFrames: number };
  w.cutFrames = 0;
  w.shownFrames = 0;
  const until = performance.now() + 8000;
  const frame = () => {
    const flow = document.querySelector('.workspace-flow')?.getBoundingClientRect();
    const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="image-card"]')].filter((c) => getComputedStyle(c).visibility === 'visible');
    if (flow && cards.length > 0) {
      w.shownFrames++;
      const cut = cards.some((c) => {
        const r = c.getBoundingClientRect();
        const inside = r.left >= flow.left && r.right <= flow.right && r.top >= flow.top && r.bottom <= flow.bottom;
        const touches = r.right > flow.left && r.left < flow.right && r.bottom > flow.top && r.top < flow.bottom;
        return touches && !inside;
      });
      if (cut) w.cutFrames++;
    }
    if (performance.now() < until) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every card that the open control panel covers. */
async function cardsUnderPanel(page: Page): Promise<string[]> {
  const panel = (await page.getByTestId('control-panel').boundingBox())!;
  const covered: string[] = [];
  for (const c of await page.getByTestId('image-card').all()) {
    const box = await c.boundingBox();
    if (box && overlaps(box, panel)) covered.push((await c.getAttribute('data-name')) ?? '?');
  }
  return covered;
}

test('laptop width shows the whole toolbar; cards stay clear of the panel across a phone resize, the fit button and a session load', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signedInUser(page.request, baseURL!, 'layout');
  await adminCommand('grant-plan', user.email, 'basic');
  await page.goto('/enhance');
  await page.getByTestId('folder-input').setInputFiles(folder);
  await expect(page.getByText('3 images uploaded successfully, 0 failed')).toBeVisible();
  await expect(page.getByTestId('image-card')).toHaveCount(3);

  // the toolbar fits beside the panel: nothing of it is scrolled out of sight
  const toolbar = page.getByRole('toolbar', { name: 'Workspace tools' });
  const { scrollWidth, clientWidth } = await toolbar.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expect(page.getByTestId('live-state')).toBeInViewport({ ratio: 0.99 });
  await expect.poll(() => cardsUnderPanel(page)).toEqual([]);

  // to a phone and back: the camera is framed again for the layout
  // a tablet: the tools wrap onto a second row instead of scrolling out of sight, and the cards are framed below them
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByTestId('fit-cards').click();
  await expect.poll(() => toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height > 60)).toBe(true);
  await expect(page.getByTestId('live-state')).toBeInViewport({ ratio: 0.99 });
  const tools = (await toolbar.boundingBox())!;
  await expect
    .poll(
      async () => (await Promise.all((await page.getByTestId('image-card').all()).map((c) => c.boundingBox()))).filter((b) => b && overlaps(b, tools)).length,
    )
    .toBe(0);
  if (process.env.LAYOUT_SHOT) await page.screenshot({ path: process.env.LAYOUT_SHOT });
  await page.setViewportSize({ width: 1280, height: 800 });

  // the panel follows each layout's default: the phone starts with the canvas, the desktop with the panel
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('image-card').first()).toBeInViewport();
  await expect(page.getByTestId('control-panel')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Expand panel' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await expect.poll(() => cardsUnderPanel(page)).toEqual([]);

  // panned far away, the fit button brings every card back beside the panel
  const pane = page.locator('.react-flow__pane');
  const box = (await pane.boundingBox())!;
  await page.mouse.move(box.x + box.width - 120, box.y + box.height - 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height - 100, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('fit-cards').click();
  for (const c of await page.getByTestId('image-card').all()) await expect(c).toBeInViewport({ ratio: 0.99 });
  await expect.poll(() => cardsUnderPanel(page)).toEqual([]);

  // a session saved with the cards far from here: loading it frames them again, beside the panel
  const { images } = (await (await page.request.get('/api/images')).json()) as { images: { id: string; name: string; url: string }[] };
  const far = images.map((img, i) => ({
    id: img.id,
    imageId: img.id,
    originalUrl: img.url,
    name: img.name,
    position: { x: 9000 + i * 300, y: -6000 + i * 250 },
    scale: 1,
  }));
  const saved = await page.request.post('/api/viewports', { headers: { Origin: baseURL! }, data: { name: 'Far away', viewport_data: { images: far } } });
  expect(saved.status()).toBe(201);
  await page.keyboard.press('o');
  const dialog = page.getByTestId('load-session-dialog');
  await dialog.locator('[data-testid="session-row"][data-name="Far away"]').getByRole('button', { name: 'Load', exact: true }).click();
  await expect(page.getByText('Session "Far away" loaded!')).toBeVisible();
  await expect(page.getByTestId('session-name')).toHaveText('Far away');
  for (const c of await page.getByTestId('image-card').all()) await expect(c).toBeInViewport({ ratio: 0.99 });
  await expect.poll(() => cardsUnderPanel(page)).toEqual([]);

  // a reload puts the cards on their grid first and the session's far places next: no frame shows a card cut at the
  // canvas edge on the way (the camera is framed while they are hidden)
  await page.addInitScript(recordCutCards);
  await page.reload();
  await expect(page.getByTestId('session-name')).toHaveText('Far away');
  for (const c of await page.getByTestId('image-card').all()) await expect(c).toBeInViewport({ ratio: 0.99 });
  const { cutFrames, shownFrames } = await page.evaluate(() => {
    const w = window as unknown as { cutFrames: number; shownFrames: number };
    return { cutFrames: w.cutFrames, shownFrames: w.shownFrames };
  });
  expect(shownFrames).toBeGreaterThan(0);
  expect(cutFrames).toBe(0);
});
