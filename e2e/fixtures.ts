import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * `E2E_CPU_SLOWDOWN=6 npm run test:e2e` runs every page of the journeys on a CPU slowed that many times (Chromium's
 * throttling), which brings out the races a fast machine hides; unset, pages run at full speed.
 */
const cpuSlowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
const slowDown = async (page: Page) => {
  if (cpuSlowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
};

/**
 * Auto-save images is on by default in the product. The journeys about unsaved changes (the dot, the leave dialog,
 * the local backup) need changes that stay unsaved, so every browser starts as if its user had switched auto-save
 * off; `test.use({ autoSaveDefault: true })` keeps the product's default (the auto-save journey). A switch flipped
 * in the page is kept either way.
 */
export const test = base.extend<{ autoSaveDefault: boolean }>({
  autoSaveDefault: [false, { option: true }],
  context: async ({ context, autoSaveDefault }, use) => {
    context.on('page', (page) => void slowDown(page).catch(() => undefined));
    if (!autoSaveDefault) {
      await context.addInitScript(() => {
        try {
          if (localStorage.getItem('auto-save-images') === null) localStorage.setItem('auto-save-images', 'false');
        } catch {
          // pages without storage (about:blank) have nothing to save
        }
      });
    }
    await use(context);
  },
  page: async ({ page }, use) => {
    await slowDown(page);
    await use(page);
  },
});

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

/**
 * A new account, signed in: sign-up, the verification code read from the development mailbox, sign-in. The request
 * context shares the page's cookies, so the browser is signed in afterwards.
 */
export async function signedInUser(request: APIRequestContext, baseURL: string, prefix: string) {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'correct-horse-1';
  const headers = { Origin: baseURL };
  const signup = await request.post('/api/accounts/signup', {
    headers,
    data: {
      email,
      password,
      terms_accepted: true,
      user_metadata: { first_name: 'Mara', last_name: 'Lindqvist', country: 'SE', is_business: false, marketing_opt_in: false },
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const mailbox = await (await request.get('/dev/mailbox')).text();
  const code = mailbox.slice(mailbox.indexOf(email)).match(/\b([A-Z0-9]{4})-([A-Z0-9]{4})-([A-Z0-9]{4})-([A-Z0-9]{4})\b/);
  expect(code, 'verification code in the mailbox').not.toBeNull();
  const verify = await request.post('/api/accounts/verify-email', { headers, data: { token: code!.slice(1).join('') } });
  expect(verify.status(), await verify.text()).toBe(200);
  const signIn = await request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { email, password };
}

/**
 * A signed-in user on the Business plan, made as a customer (`checkout`: the local test-mode checkout) or as an
 * operator grants one (`operator`: `npm run admin -- grant-plan`).
 */
export async function businessUser(request: APIRequestContext, baseURL: string, prefix: string, via: 'checkout' | 'operator') {
  const user = await signedInUser(request, baseURL, prefix);
  if (via === 'operator') {
    await adminCommand('grant-plan', user.email, 'business');
    return user;
  }
  const headers = { Origin: baseURL };
  const checkout = await request.post('/api/billing/checkout', { headers, data: { plan: 'business' } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const sessionId = new URL((await checkout.json()).url, baseURL).pathname.split('/').pop()!;
  const paid = await request.post(`/api/billing/test-checkout/${sessionId}`, { headers, data: { outcome: 'success' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return user;
}

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');

/** The first bench render, by name: the source of the journeys' small real uploads. */
function firstRender() {
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  return path.join(RENDERS, source);
}

/**
 * The first bench render scaled to 240 px wide, written as `name` into a temporary folder before the spec's tests
 * and removed after them: a small real upload. `file()` is its path.
 */
export function smallRender(name: string) {
  let folder = '';
  test.beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-render-'));
    await sharp(firstRender()).resize({ width: 240 }).png().toFile(path.join(folder, name));
  });
  test.afterAll(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  return { file: () => path.join(folder, name) };
}

/**
 * The first bench render scaled to `width` px wide, without alpha, with an object to remove: a bright disc of
 * `radius` px in its middle (at `width / 2`, half its height rounded). Written as `name` into a temporary folder
 * before the spec's tests and removed after them; `file()` is its path, `folder()` the folder (downloads may go there
 * too), `size()` its size in pixels.
 */
export function renderWithDisc(name: string, width: number, radius: number) {
  let folder = '';
  let size = { width: 0, height: 0 };
  test.beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-disc-'));
    const base = await sharp(firstRender()).resize({ width }).removeAlpha().png().toBuffer();
    const meta = await sharp(base).metadata();
    size = { width: meta.width!, height: meta.height! };
    const disc = Buffer.from(
      `<svg width="${size.width}" height="${size.height}"><circle cx="${width / 2}" cy="${Math.round(size.height / 2)}" r="${radius}" fill="#fffbe8"/></svg>`,
    );
    await sharp(base)
      .composite([{ input: disc }])
      .png()
      .toFile(path.join(folder, name));
  });
  test.afterAll(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  return { file: () => path.join(folder, name), folder: () => folder, size: () => size };
}
