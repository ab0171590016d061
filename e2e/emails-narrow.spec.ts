/**
 * Every e-mail on a 375 px phone, rendered by the same templates the server sends and laid out by Chromium: no
 * horizontal overflow, the logo image shown (the only thing fetched), the verification code broken between its
 * groups and its link kept inside the card.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { emailTemplates, renderEmail, type EmailTemplateName } from '../src/emails/index';

const PHONE = 375;
// a long public address and a long link, as a real install's e-mails carry them
const site = { siteName: 'Renderlift', baseUrl: 'https://renderlift.studio-north-visualisation.example.com' };
const unsubscribeUrl = `${site.baseUrl}/api/notifications/unsubscribe?token=${'Yk9xZ2V0c3RhcnRlZGFjY291bnQ'.repeat(2)}.${'h7Q2mXk9pLr4sT1vW8yZ3bC6dF0gJ5nA'.repeat(2)}`;
const logo = fs.readFileSync(path.resolve(import.meta.dirname, '../src/web/public/email-logo.png'));

test.use({ viewport: { width: PHONE, height: 800 } });

async function open(page: Page, name: EmailTemplateName) {
  const sample = { ...emailTemplates[name].sample(site), unsubscribeUrl, firstName: 'Alexandra-Konstantina' } as never;
  const { html } = await renderEmail(name, sample);
  // the logo is the web app's own file; nothing else may be fetched
  const fetched: string[] = [];
  await page.route('**/*', (route) => {
    fetched.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: logo });
  });
  await page.setContent(html, { waitUntil: 'load' });
  return fetched;
}

for (const name of Object.keys(emailTemplates) as EmailTemplateName[]) {
  test(`e-mail ${name} has no horizontal overflow at 375 px and shows the logo`, async ({ page }) => {
    const fetched = await open(page, name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    const logoImg = page.locator(`img[src="${site.baseUrl}/email-logo.png"]`);
    await expect.poll(() => logoImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    expect(fetched).toEqual([`${site.baseUrl}/email-logo.png`]);
  });
}

test('the verification e-mail breaks its code between groups, never inside one, and keeps the link in the card', async ({ page }) => {
  await open(page, 'verification');
  const groups = await page
    .locator('[data-code] span')
    .evaluateAll((spans) => spans.map((s) => ({ text: s.textContent, lines: new Set([...s.getClientRects()].map((r) => Math.round(r.top))).size })));
  expect(groups.map((g) => g.text).join('')).toBe('K7QM-4XPA-9TRC-2WHN');
  // each group on one line (its text nodes each have a box, side by side)
  expect(groups.every((g) => g.lines === 1)).toBe(true);
  const card = await page.locator('.body > table, body table').first().boundingBox();
  const link = await page.locator(`a:text("${site.baseUrl}/verify/K7QM4XPA9TRC2WHN")`).boundingBox();
  expect(link).not.toBeNull();
  expect(link!.x + link!.width).toBeLessThanOrEqual(card!.x + card!.width);
});
