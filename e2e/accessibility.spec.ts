/**
 * axe-core on every route of the router and the main dialogs and menus, signed out and signed in: no serious or
 * critical violation anywhere. A route added to `src/web/app/router.tsx` without a visit here fails the first test.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, type Locator, type Page } from '@playwright/test';
import { adminCommand, signedInUser, test } from './fixtures';
import { WEB_ROUTES } from '@shared/web-routes';

const ROUTER = path.resolve(import.meta.dirname, '../src/web/app/router.tsx');
const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');

/** Router paths, each with the address the journeys below open for it. */
const VISITED: Record<string, string> = {
  '/': '/',
  '/pricing': '/pricing',
  '/login': '/login',
  '/signup': '/signup',
  '/confirm': '/confirm',
  '/verify/:token?': '/verify/not-a-token',
  '/email-verified': '/email-verified',
  '/forgot-password': '/forgot-password',
  '/reset-password/:token?': '/reset-password',
  '/about': '/about',
  '/contact': '/contact',
  '/faq': '/faq',
  '/privacy-policy': '/privacy-policy',
  '/terms-of-service': '/terms-of-service',
  '*': '/no-such-page',
  // signed in
  '/enhance': '/enhance',
  '/viewports': '/viewports',
  '/profile': '/profile',
  '/payment-success': '/payment-success',
  '/checkout-test/portal': '/checkout-test/portal',
  '/checkout-test/:sessionId': '/checkout-test/…',
  '/admin': '/admin',
  '/email-preview': '/email-preview',
};

async function expectNoSeriousViolations(page: Page, where: string) {
  // the e-mail preview's frame is sandboxed without scripts, so axe cannot enter it: its document is checked on its own
  const { violations } = await new AxeBuilder({ page }).exclude('[data-testid="preview-frame"]').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect.soft(report, `axe on ${where}`).toEqual([]);
}

/** One `<main>` on the page, and "Skip to content" as the first stop of the Tab key, moving the focus into it. */
async function expectOneMainAndSkipLink(page: Page, where: string) {
  await expect(page.locator('main'), where).toHaveCount(1);
  const firstStop = await page.evaluate(
    () => document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')?.textContent ?? null,
  );
  expect(firstStop, where).toBe('Skip to content');
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main'), where).toBeFocused();
}

/** Opens a page and waits until it has its content (the lazily loaded route, not the spinner). */
async function visit(page: Page, url: string, ready?: Locator) {
  await page.goto(url);
  await expect(page.locator('h1, [role="toolbar"]').first()).toBeVisible();
  if (ready) await expect(ready).toBeVisible();
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
}

test('every route of the router is visited here', () => {
  const source = fs.readFileSync(ROUTER, 'utf8');
  // the router takes its paths from src/shared/web-routes.ts; only the catch-all is written in place
  const named = [...source.matchAll(/\bpath: WEB_ROUTES\.(\w+)/g)].map((m) => WEB_ROUTES[m[1] as keyof typeof WEB_ROUTES]);
  const literal = [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
  expect([...named, ...literal].sort()).toEqual(Object.keys(VISITED).sort());
});

test('public pages and the phone menu have no serious or critical violations', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const url of [
    '/',
    '/pricing',
    '/login',
    '/signup',
    '/confirm',
    '/verify/not-a-token',
    '/email-verified',
    '/forgot-password',
    '/reset-password',
    '/about',
    '/contact',
    '/faq',
    '/privacy-policy',
    '/terms-of-service',
    '/no-such-page',
    '/payment-success',
    '/email-preview',
  ]) {
    await visit(page, url);
    await expectNoSeriousViolations(page, url);
    await expectOneMainAndSkipLink(page, url);
  }
  // every e-mail, as its own document (the preview shows it in a frame axe cannot enter)
  const { templates } = (await (await page.request.get('/api/email-preview')).json()) as { templates: { name: string }[] };
  expect(templates.length).toBeGreaterThan(0);
  for (const { name } of templates) {
    const { html } = (await (await page.request.get(`/api/email-preview/${name}`)).json()) as { html: string };
    await page.setContent(html);
    await expectNoSeriousViolations(page, `the e-mail ${name}`);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the phone menu');
});

test('signed-in screens and dialogs have no serious or critical violations', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const headers = { Origin: baseURL! };
  const user = await signedInUser(page.request, baseURL!, 'axe');

  // a free account on the pricing page: the subscription details dialog
  await visit(page, '/pricing');
  await page.getByTestId('plan-card-business').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('dialog', { name: 'Subscription Details' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the Subscription Details dialog');
  await page.keyboard.press('Escape');

  // the built-in checkout page, then the payment goes through
  const checkout = await page.request.post('/api/billing/checkout', { headers, data: { plan: 'business' } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const checkoutPath = new URL((await checkout.json()).url, baseURL).pathname;
  await visit(page, checkoutPath);
  await expectNoSeriousViolations(page, checkoutPath);
  const paid = await page.request.post(`/api/billing/test-checkout/${checkoutPath.split('/').pop()}`, { headers, data: { outcome: 'success' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  await adminCommand('make-admin', user.email);

  for (const url of ['/payment-success', '/checkout-test/portal', '/admin', '/email-preview', '/viewports']) {
    await visit(page, url);
    await expectNoSeriousViolations(page, url);
    await expectOneMainAndSkipLink(page, url);
  }
  // the Viewport Manager's 'Create New Viewport' dialog
  await page.getByTestId('viewport-create').click();
  await expect(page.getByTestId('new-viewport-dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the Create New Viewport dialog');
  await page.keyboard.press('Escape');

  for (const tab of ['profile', 'credits', 'billing', 'settings']) {
    await visit(page, `/profile?tab=${tab}`);
    await expectNoSeriousViolations(page, `/profile?tab=${tab}`);
  }
  const danger = page.getByTestId('delete-account-section');
  await danger.getByRole('button', { name: 'Delete Account' }).click();
  await expect(danger.getByRole('button', { name: 'Yes, delete my account' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the delete account confirmation');

  // the account menu
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'the account menu');
  await page.keyboard.press('Escape');

  // the workspace with a card, its mask modal, the save dialog and the leave dialog
  const file = path.join(test.info().outputDir, 'facade.png');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  await sharp(path.join(RENDERS, source)).resize({ width: 320 }).png().toFile(file);
  await visit(page, '/enhance');
  await page.getByTestId('file-input').setInputFiles(file);
  const card = page.locator('[data-testid="image-card"][data-name="facade.png"]');
  await expect(card).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  await card.click();
  await expectNoSeriousViolations(page, '/enhance with a card');

  await page.getByTestId('tool-mask').click();
  await expect(page.getByTestId('mask-modal')).toBeVisible();
  await expectNoSeriousViolations(page, 'the mask modal');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mask-modal')).toHaveCount(0);

  await page.getByRole('toolbar', { name: 'Workspace tools' }).getByRole('button', { name: 'Save session' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the save viewport dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('open-side-panel').click();
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the Profile Settings side panel (Viewports)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toHaveCount(0);
  // ',' opens it on Preferences
  await page.keyboard.press(',');
  await expect(page.getByTestId('preferences')).toBeVisible();
  await expectNoSeriousViolations(page, 'the Profile Settings side panel (Preferences)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toHaveCount(0);

  await page.getByTestId('tool-load-session').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the load session dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page.getByTestId('leave-dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the leave dialog');
});
