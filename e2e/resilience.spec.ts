/**
 * What the app does when the server goes away (seed 001 §7.7). The live connection, with a browser open all the
 * while: the workspace toolbar says Offline, then Live again on its own after a restart, and what changed while the
 * page was not listening (a service-status banner, an image uploaded from elsewhere) shows without a reload. Calls to
 * a server that keeps failing are stopped by the circuit breaker after 3 failures, and every page shows the
 * connection banner meanwhile. Signing out of a session that has already ended signs out.
 */
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { expect } from '@playwright/test';
import { msg } from '@shared/messages';
import { businessUser, signedInUser, test } from './fixtures';
import { restartableServer, type RestartableServer } from './restartable-server';

const RENDERS = path.resolve(import.meta.dirname, '../bench/renders');

let server: RestartableServer | null = null;
test.afterEach(async () => {
  await server?.dispose();
  server = null;
});

async function operator(dataDir: string, ...argv: string[]) {
  const { main } = await import('../scripts/admin.js');
  const lines: string[] = [];
  const code = await main(argv, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, (l) => lines.push(l));
  expect(code, lines.join('\n')).toBe(0);
}

test('the workspace goes Offline with the server, Live again after its restart, and catches up on what it missed', async ({ browser }) => {
  test.setTimeout(240_000);
  const own = (server = await restartableServer());
  const context = await browser.newContext({ baseURL: own.url, viewport: { width: 1440, height: 900 } });
  const user = await businessUser(context.request, own.url, 'live', 'checkout');
  await operator(own.dataDir, 'make-admin', user.email);
  const page = await context.newPage();
  await page.goto('/enhance');
  const live = page.getByTestId('live-state');
  await expect(live).toHaveText(msg('workspaceLive'));
  await expect(page.getByTestId('image-card')).toHaveCount(0);

  // the page's live channel stays shut out while the server comes back, so the changes below happen unseen
  await page.route('**/api/events**', (route) => route.abort());
  await own.stop();
  await expect(live).toHaveText(msg('workspaceOffline'));
  await expect(live).toHaveAttribute('data-state', 'disconnected');
  await page.screenshot({ path: test.info().outputPath('live-offline-1440.png') });
  await own.start();

  const headers = { Origin: own.url };
  const banner = 'Enhancements are slower than usual while we upgrade the engine.';
  const status = await context.request.put('/api/admin/service-status', { headers, data: { enabled: true, message: banner, type: 'warning' } });
  expect(status.ok(), await status.text()).toBe(true);
  const source = fs
    .readdirSync(RENDERS)
    .filter((f) => f.endsWith('.png'))
    .sort()[0];
  const png = await sharp(path.join(RENDERS, source)).resize({ width: 320 }).png().toBuffer();
  const upload = await context.request.post('/api/uploads', {
    headers,
    multipart: { files: { name: 'from-elsewhere.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  // nothing of it has reached the page yet
  await expect(live).toHaveText(msg('workspaceOffline'));
  await expect(page.getByTestId('service-status-banner')).toHaveCount(0);
  await expect(page.getByTestId('image-card')).toHaveCount(0);

  // the channel is let through again: the page reconnects on its own and resyncs
  await page.unroute('**/api/events**');
  await expect(live).toHaveText(msg('workspaceLive'), { timeout: 45_000 });
  await expect(page.getByTestId('service-status-banner')).toContainText(banner);
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('live-back-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('live-back-390.png') });

  // a plain restart, nothing in the way: Offline while it is down, Live again by itself once it answers
  await own.stop();
  await expect(live).toHaveText(msg('workspaceOffline'));
  await page.screenshot({ path: test.info().outputPath('live-offline-390.png') });
  await own.start();
  await expect(live).toHaveText(msg('workspaceLive'), { timeout: 45_000 });
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  await context.close();
});

test('a server that keeps failing: the connection banner shows, and after 3 failed sends the form is refused without a request, in plain words', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const own = (server = await restartableServer());
  const context = await browser.newContext({ baseURL: own.url });
  const page = await context.newPage();
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Mara Lindqvist');
  await form.getByLabel('Email').fill('mara@example.com');
  await form.getByLabel('Subject').fill('Render farm pricing');
  await form.getByLabel('Message').fill('Do you offer volume pricing for studios with more than ten seats?');
  await own.stop();

  const send = page.getByRole('button', { name: 'Send Message' });
  const alert = form.getByRole('alert');
  for (let i = 0; i < 3; i++) {
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/contact'));
    await send.click();
    await failed;
    await expect(send).toBeEnabled();
  }
  await expect(alert).toHaveText(msg('connectionLost'));
  // the page says the connection is lost, above everything, while the server is gone
  await expect(page.getByTestId('connection-banner')).toHaveText(msg('connectionLostBanner'));
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact')) sent = true;
  });
  await send.click();
  // the breaker's refusal reads as what the user can do about it, never as its inner workings
  await expect(alert).toHaveText(msg('connectionLost'));
  await expect(page.getByText(/circuit breaker/i)).toHaveCount(0);
  expect(sent, 'no request while the breaker is open').toBe(false);
  await context.close();
});

test('signing out everywhere when the session has already ended elsewhere still signs out here', async ({ page, baseURL }) => {
  await signedInUser(page.request, baseURL!, 'ended');
  await page.goto('/profile?tab=settings');
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
  // the session ends behind the page's back: the sign-out call will be answered 401
  const ended = await page.request.post('/api/account/sign-out?scope=global', { headers: { Origin: baseURL! } });
  expect(ended.ok(), await ended.text()).toBe(true);
  const answer = page.waitForResponse((r) => r.url().includes('/api/account/sign-out'));
  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
  expect((await answer).status()).toBe(401);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(page.getByText('Signing out failed. Please try again.')).toHaveCount(0);
});
