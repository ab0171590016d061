/**
 * The admin panel, end to end: an operator makes an admin from the terminal; the admin turns on the service-status
 * banner and a visitor in another browser sees it arrive live; a test maintenance email and a batch to a custom list
 * go out with their progress shown; a complimentary plan and beta access are granted; the audit log lists it all.
 * A visitor writes through /contact and the admin reads it. A signed-in non-admin gets the 404 page; /email-preview
 * shows every template at both widths.
 */
import { expect as baseExpect } from '@playwright/test';
import { adminCommand, saveScreenshot, signedInUser, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

test('the admin panel: banner live in another browser, notification emails with progress, grants, audit log, contact messages', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await signedInUser(page.request, baseURL!, 'admin');
  await adminCommand('make-admin', admin.email);
  // the customer signs up in a browser of their own, so the admin's stays signed in as the admin
  const customerContext = await browser.newContext({ baseURL });
  const customer = await signedInUser(customerContext.request, baseURL!, 'granted');
  await customerContext.close();

  // a visitor on the landing page in a second browser, signed out
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByTestId('top-nav')).toBeVisible();
  await expect(visitor.getByTestId('service-status-banner')).toHaveCount(0);

  // an admin finds the panel in the account menu
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin panel', level: 1 })).toBeVisible();
  await expect(page.getByTestId('overview')).toBeVisible();

  // the banner: a blank message is refused; a warning goes live in the visitor's browser without a reload
  const status = page.locator('#service-status');
  await status.getByLabel('Show the banner').check();
  await status.getByRole('button', { name: 'Save Status' }).click();
  await expect(status.getByRole('alert')).toHaveText('Enter the status message to show.');
  await status.getByLabel('Type').selectOption('warning');
  await status.getByLabel('Message').fill('Enhancements are paused for an engine upgrade until 22:00.');
  await status.getByRole('button', { name: 'Save Status' }).click();
  const banner = visitor.getByTestId('service-status-banner');
  await expect(banner).toHaveText(/Enhancements are paused for an engine upgrade/);
  await expect(banner).toHaveAttribute('data-type', 'warning');
  await expect(banner.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  // an info banner can be dismissed, and stays dismissed on the next page of this browser session
  await status.getByLabel('Type').selectOption('info');
  await status.getByLabel('Message').fill('New: Creativity mode is faster.');
  await status.getByRole('button', { name: 'Save Status' }).click();
  await expect(banner).toHaveText(/Creativity mode is faster/);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await visitor.goto('/pricing');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('service-status-banner')).toHaveCount(0);
  // the page below the banner is not covered by it
  const navBox = await page.getByTestId('top-nav').boundingBox();
  const bannerBox = await page.getByTestId('service-status-banner').boundingBox();
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(navBox!.y + 1);

  // maintenance e-mails: a bad list is refused with the seed's message; a test; then a batch with its progress
  const maintenance = page.locator('#maintenance-email');
  await maintenance.getByLabel(/^Message/).fill('We move to faster machines on Saturday night.');
  await expect(maintenance.getByLabel('Estimated completion')).toHaveValue('24-48 hours');
  await maintenance.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(maintenance.getByTestId('campaign-progress')).toHaveAttribute('data-status', 'completed');
  await expect(maintenance.getByTestId('campaign-progress')).toContainText('1 email sent');
  await maintenance.getByLabel('Custom list').check();
  await maintenance.getByLabel(/Email addresses/).fill('ana@studio.example; not an address');
  await maintenance.getByRole('button', { name: 'Send to Recipients' }).click();
  await expect(maintenance.getByText('Invalid Email Addresses').first()).toBeVisible();
  await expect(maintenance.getByText(/Invalid Email Addresses.*not an address/).first()).toBeVisible();
  await maintenance.getByLabel(/Email addresses/).fill(['ana@studio.example', 'leo@studio.example', customer.email].join('\n'));
  await maintenance.getByRole('button', { name: 'Send to Recipients' }).click();
  // nothing goes out before the admin has seen who gets what: the count, the subject and the message
  const confirm = page.getByTestId('campaign-confirm');
  await expect(confirm.getByTestId('campaign-confirm-count')).toHaveText('3');
  await expect(confirm.getByTestId('campaign-confirm-subject')).not.toBeEmpty();
  await expect(confirm.getByTestId('campaign-confirm-body')).toContainText('We move to faster machines on Saturday night.');
  // cancelled, nothing is sent; confirmed, the batch goes out
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await (await page.request.get('/dev/mailbox')).text()).not.toContain('data-to="leo@studio.example"');
  await maintenance.getByRole('button', { name: 'Send to Recipients' }).click();
  await confirm.getByRole('button', { name: 'Send to 3 recipients' }).click();
  await expect(maintenance.getByTestId('campaign-progress')).toContainText('3 emails sent');
  const mailbox = await (await page.request.get('/dev/mailbox')).text();
  expect(mailbox).toContain('data-to="leo@studio.example" data-template="maintenance-notice"');

  // grants: a date in the past is refused; a Business plan and beta access go through
  const plan = page.locator('#complimentary-plan');
  await plan.getByLabel('User email').fill(customer.email);
  await plan.getByLabel('Plan').selectOption('business');
  await plan.getByLabel('Expires on').fill('2020-01-01');
  await plan.getByRole('button', { name: 'Grant Plan' }).click();
  await expect(plan.getByText('Expiration date must be in the future')).toBeVisible();
  await plan.getByLabel('Expires on').fill(`${new Date().getFullYear() + 1}-06-30`);
  await plan.getByRole('button', { name: 'Grant Plan' }).click();
  await expect(page.getByText(`Business granted to ${customer.email}: credits 4 → 1000`)).toBeVisible();
  const beta = page.locator('#beta-access');
  await beta.getByLabel('User email').fill('nobody-here@example.com');
  await beta.getByRole('button', { name: 'Grant Beta Access' }).click();
  await expect(beta.getByRole('alert')).toHaveText('User not found');
  await beta.getByLabel('User email').fill(customer.email);
  await beta.getByRole('button', { name: 'Grant Beta Access' }).click();
  await expect(page.getByText(`Beta access granted to ${customer.email}: credits 1000 → 2000, email sent`)).toBeVisible();
  // a second grant changes nothing and sends no second e-mail
  await beta.getByLabel('User email').fill(customer.email);
  await beta.getByRole('button', { name: 'Grant Beta Access' }).click();
  await expect(page.getByText(`${customer.email} already has beta access: nothing changed (2000 credits)`)).toBeVisible();

  // demoting an admin is asked first: cancelled, the role stays; confirmed, it goes
  await adminCommand('make-admin', customer.email);
  await page.reload();
  const admins = page.locator('#admins');
  const customerRow = admins.getByTestId('admin-list').locator('li', { hasText: customer.email });
  await customerRow.getByRole('button', { name: 'Remove admin' }).click();
  const demote = page.getByTestId('demote-confirm');
  await expect(demote).toContainText(`${customer.email} loses access to this panel and is signed out everywhere.`);
  await demote.getByRole('button', { name: 'Cancel' }).click();
  await expect(demote).toHaveCount(0);
  await expect(customerRow).toBeVisible();
  await customerRow.getByRole('button', { name: 'Remove admin' }).click();
  await demote.getByRole('button', { name: 'Remove admin' }).click();
  await expect(customerRow).toHaveCount(0);

  // a visitor writes through the contact page, and the message reaches the panel
  await visitor.goto('/contact');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  // one message for an empty form, not one under every field
  await expect(visitor.getByRole('form', { name: 'Contact form' }).getByRole('alert')).toHaveText(['Please fill in all required fields.']);
  await visitor.getByLabel('Name').fill('Noor Haddad');
  await visitor.getByLabel('Email').fill('noor@atelier.example');
  await visitor.getByLabel('Inquiry type').selectOption('support');
  await visitor.getByLabel('Subject').fill('Tiles look smeared at 6×');
  await visitor.getByLabel('Message').fill('The bathroom render at 6× shows smeared grout lines. Is Detail better for this?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByTestId('contact-sent')).toContainText('noor@atelier.example');
  await expect(visitor.getByTestId('support-mailbox')).toBeVisible();

  // a signed-in user finds the form filled in with their name and address
  await page.goto('/contact');
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await expect(page.getByLabel('Name')).not.toHaveValue('');
  await page.goto('/admin');
  await expect(page.getByTestId('contact-messages')).toContainText('Tiles look smeared at 6×');
  // the batches, as the server keeps them, after a reload
  const history = page.getByTestId('campaign-history-row');
  await expect(history.first()).toHaveAttribute('data-status', 'completed');
  await expect(history.filter({ hasText: '3 recipients' })).toContainText('3 sent');
  const log = page.getByTestId('audit-log');
  await expect(log).toContainText('Beta access granted');
  await expect(log).toContainText('credits 1000 → 2000');
  await expect(log).toContainText('Complimentary plan granted');
  await expect(log).toContainText('Maintenance emails');
  await expect(log).toContainText('Service status changed');
  // a refusal by the server is audited too
  await expect(log.getByText('User not found')).toBeVisible();
  await saveScreenshot(page, 'admin-panel.png');

  // turning the banner off takes it away live
  await page.locator('#service-status').getByLabel('Show the banner').uncheck();
  await page.locator('#service-status').getByRole('button', { name: 'Save Status' }).click();
  await visitorContext.close();
});

test('a signed-in user without the admin role gets the 404 page at /admin', async ({ page, baseURL }) => {
  await signedInUser(page.request, baseURL!, 'not-admin');
  await page.goto('/admin');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/);
  expect((await page.request.get('/api/admin/overview')).status()).toBe(403);
  // and no way in from the account menu
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
});

test('/email-preview shows every template by tab at desktop and mobile width', async ({ page }) => {
  const all = ((await (await page.request.get('/api/email-preview')).json()) as { templates: unknown[] }).templates.length;
  expect(all).toBeGreaterThanOrEqual(12);
  await page.goto('/email-preview');
  const tabs = ['Payment', 'Authentication', 'Contact', 'Account', 'System'];
  let seen = 0;
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    const options = await page.getByTestId('template-select').locator('option').allTextContents();
    expect(options.length, tab).toBeGreaterThan(0);
    for (const label of options) {
      await page.getByTestId('template-select').selectOption({ label });
      const frame = page.getByTestId('preview-frame');
      await expect(frame).toBeVisible();
      await expect(page.getByTestId('preview-subject')).not.toBeEmpty();
      for (const [name, px] of [
        ['Mobile', 375],
        ['Desktop', 600],
      ] as const) {
        await page.getByRole('radio', { name: new RegExp(name) }).click();
        expect(Math.round((await frame.boundingBox())!.width)).toBe(px);
      }
      seen++;
    }
  }
  expect(seen).toBe(all);
  // codes as four groups of four
  await page.getByRole('tab', { name: 'Authentication' }).click();
  await page.getByTestId('template-select').selectOption({ label: 'Verification' });
  await expect(page.getByTestId('preview-subject')).toHaveText(/verify/i);
  // the frame's own visibility and widths are checked above; its content is read as text, because Chromium lays out a
  // sandboxed (out-of-process) frame lazily, and on a busy machine its text can stay without a box for a long while
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator('[data-code]')).toHaveText('K7QM-4XPA-9TRC-2WHN');
});

test('remote workers: an admin creates a token shown once, sees the worker connect, and revokes it', async ({ page, request, baseURL }) => {
  const admin = await signedInUser(page.request, baseURL!, 'admin');
  await adminCommand('make-admin', admin.email);
  await page.goto('/admin#workers');
  const section = page.locator('#workers');
  await expect(section.getByRole('heading', { name: 'Workers' })).toBeVisible();
  // the browser tests' server runs jobs itself: it is listed as a server process
  await expect(section.getByTestId('worker-process-row').first()).toContainText('Server process (single machine)');

  // a blank name is refused; a named one gives the token once, with the command to run on the worker machine
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText('Name the worker')).toBeVisible();
  await section.getByLabel('Worker name').fill('Studio GPU');
  await section.getByLabel('Jobs at once').fill('2');
  await section.getByLabel('Has a GPU').check();
  await section.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByTestId('worker-token-created');
  await expect(dialog).toBeVisible();
  const command = (await dialog.getByTestId('worker-command').textContent())!;
  expect(command).toContain(`npm run start:worker -- --server ${new URL(baseURL!).origin} --token rlw_`);
  const token = /rlw_[\w-]+/.exec(command)![0];
  await saveScreenshot(page, 'admin-worker-token.png', { fullPage: false });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = section.getByTestId('worker-row').filter({ hasText: 'Studio GPU' });
  await expect(row).toContainText('never connected');
  await expect(row).toContainText('0 of 2 running');
  await expect(row).toContainText('gpu');

  // the worker calls in (a client of its own, with no session): the panel shows it connected, with its release and provider
  const call = () =>
    request.post('/api/worker/v1/heartbeat', {
      headers: { authorization: `Bearer ${token}`, 'Renderlift-Worker-Protocol': '1', 'Renderlift-Engine-Version': '1' },
      data: { version: '0.1.0', provider: 'cpu', claims: [] },
    });
  expect((await call()).status()).toBe(200);
  await expect(row).not.toContainText('never connected', { timeout: 10_000 });
  await expect(row).toContainText('v0.1.0 · CPU');
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-workers.png', { fullPage: false });

  // revoked after a confirmation: its next call is refused, and the audit log says who did it
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('worker-revoke-confirm').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  expect((await call()).status()).toBe(401);
  await expect(page.getByTestId('audit-log')).toContainText('Worker token revoked');
  await expect(page.getByTestId('audit-log')).toContainText('Worker token created');
});
