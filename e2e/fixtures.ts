import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

/**
 * Scrolls through the whole page so lazily loaded images and the sliders (which load when they come near) start,
 * then waits until every before/after slider has both of its images.
 */
export async function loadWholePage(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(60);
  }
  const sliders = page.getByRole('slider');
  for (const slider of await sliders.all()) {
    await expect(slider).toHaveAttribute('data-state', 'ready');
  }
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
    ),
  );
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/**
 * A still image cannot show a section pinned while the page scrolls: for documentation screenshots the showcase is
 * laid out in place, without its scroll track.
 */
export async function unpinShowcase(page: Page) {
  await page.addStyleTag({
    content:
      '[data-section="showcase"]{height:auto!important}' +
      '[data-section="showcase"]>div{position:relative!important;top:0!important;height:auto!important;padding:5rem 0}',
  });
}

/** Full-page captures run to several megabytes; a palette PNG keeps the committed screenshots small and sharp. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const png = await page.screenshot({ fullPage: options.fullPage ?? true });
  await sharp(png).png({ palette: true, quality: 90, effort: 8 }).toFile(path.join(SCREENSHOTS, name));
}

/**
 * Runs an operator command (`npm run admin -- …`) against the browser tests' server, as an operator would: the
 * running server takes it through the operator socket of its data folder.
 */
export async function adminCommand(...argv: string[]): Promise<string> {
  const { main } = await import('../scripts/admin.js');
  const lines: string[] = [];
  const code = await main(argv, { DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' }, (l) => lines.push(l));
  if (code !== 0) throw new Error(`npm run admin -- ${argv.join(' ')} failed (${code}): ${lines.join('\n')}`);
  return lines.join('\n');
}
