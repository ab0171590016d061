/**
 * Webhooks on the profile's API tab, as a studio's pipeline engineer sets one up: a loopback URL is refused with the
 * address named, a public endpoint is added with its events and its signing secret shown once; a job's events show
 * in the endpoint's delivery log with their attempts and errors, and Redeliver queues one again.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { businessUser, saveScreenshot, smallRender, test } from './fixtures';

const render = smallRender('webhook-render.png');

test('a webhook endpoint is added with its events, its secret shown once, and its deliveries logged and redelivered', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await businessUser(page.request, baseURL!, 'webhooks', 'checkout');
  await page.goto('/profile?tab=api');
  const card = page.getByTestId('webhooks');
  await expect(card.getByText('No webhook endpoints yet.')).toBeVisible();

  // this machine is not a target (the operator has not allowed private addresses)
  await card.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hook');
  await card.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(card.getByText('127.0.0.1 is a private, loopback or otherwise local address (127.0.0.1). Webhooks go to public addresses only.')).toBeVisible();

  await card.getByLabel('Endpoint URL').fill('https://93.184.215.14/renderlift');
  await card.getByRole('checkbox', { name: /job\.progress/ }).check();
  await card.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByTestId('webhook-secret');
  await expect(dialog.getByText('Webhook endpoint added. Copy its signing secret now: it will not be shown again.')).toBeVisible();
  const secret = (await dialog.getByTestId('webhook-secret-value').textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await saveScreenshot(page, 'webhook-secret.png', { fullPage: false });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = card.getByTestId('webhook-row');
  await expect(row).toContainText('https://93.184.215.14/renderlift');
  await expect(row).toContainText('job.started, job.progress, job.completed, job.failed, job.canceled · this account');

  // a job started and canceled: its events are delivered (here the address answers nothing, so they are retried)
  const headers = { Origin: baseURL! };
  const up = await page.request.post('/api/uploads', {
    headers,
    multipart: { files: { name: 'webhook-render.png', mimeType: 'image/png', buffer: fs.readFileSync(render.file()) } },
  });
  expect(up.status()).toBe(201);
  const imageId = (await up.json()).results[0].id;
  const job = await page.request.post('/api/jobs', { headers, data: { imageId, scale: 2, mode: 'precision' } });
  expect(job.status(), await job.text()).toBe(201);
  const jobId = (await job.json()).job.id;
  await page.request.post(`/api/jobs/${jobId}/cancel`, { headers });

  await row.getByRole('button', { name: 'Deliveries' }).click();
  const log = card.getByTestId('webhook-delivery-log');
  // each logged with its attempt (no answer within 10 s at most) and the error; a job's events go out in order, so
  // job.canceled is tried once job.started's and job.progress's first attempts have ended (up to 10 s each)
  await expect(log).toContainText(/job\.canceled(pending|failed)[1-9]/, { timeout: 60_000 });
  const before = await log.getByTestId('webhook-delivery-row').count();
  await saveScreenshot(page, 'profile-api-webhooks.png');
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="webhooks"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await log
    .getByRole('button', { name: /^Redeliver / })
    .first()
    .click();
  await expect(page.getByText('Delivery queued again.')).toBeVisible();
  await expect(log.getByTestId('webhook-delivery-row')).toHaveCount(before + 1, { timeout: 10_000 });

  // Rotate secret: a new one, shown once; the previous one still signs for a day
  await row.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(dialog.getByText('New signing secret made. Copy it now: for 24 hours the previous secret signs too.')).toBeVisible();
  expect((await dialog.getByTestId('webhook-secret-value').textContent())!.trim()).not.toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('previous secret signs until');
  expect(await page.content()).not.toContain(secret);
});
