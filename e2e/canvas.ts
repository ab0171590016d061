/** Moving about the workspace canvas the way a user does, once it has stopped framing the cards. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until the canvas camera has stayed put for a quarter of a second (no framing under way). */
export async function cameraAtRest(page: Page) {
  const camera = () => page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
  let last = await camera();
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(250);
        const now = await camera();
        const still = now === last;
        last = now;
        return still;
      },
      { message: 'the canvas camera at rest' },
    )
    .toBe(true);
}

/** A point on the card's image that nothing covers (panel, toolbar, toasts, its own buttons), or null. */
function freeSpot(card: Locator) {
  return card.evaluate((el) => {
    const r = el.getBoundingClientRect();
    for (const fy of [0.3, 0.5, 0.7, 0.15, 0.85])
      for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit) && !hit.closest('button')) return { x, y };
      }
    return null as { x: number; y: number } | null;
  });
}

/** Drags a card by a visible part of its image, the way a user moves it (not through the panel, toolbar or toasts). */
export async function dragCard(page: Page, card: Locator, dx: number, dy: number) {
  // a card just placed (after a navigation or a load) is shown once React Flow has measured it, and then framed
  await expect(card).toBeVisible();
  await cameraAtRest(page);
  let point: { x: number; y: number } | null = null;
  await expect.poll(async () => (point = await freeSpot(card)) !== null, { message: 'a free spot on the card' }).toBe(true);
  const { x, y } = point!;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await page.mouse.up();
}
