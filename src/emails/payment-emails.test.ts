import { describe, expect, it } from 'vitest';
import { emailTemplates, renderEmail } from './index.js';

const site = { siteName: 'Renderlift', baseUrl: 'https://renderlift.example' };

describe('payment e-mails (seed 000 §3 payloads)', () => {
  it('payment received and subscription confirmed show plan, amount, credits, next billing date and the billing link', async () => {
    for (const name of ['payment-received', 'subscription-confirmed'] as const) {
      const mail = await renderEmail(name, emailTemplates[name].sample(site));
      for (const part of ['Professional', '€29.00', '500', '22 December 2026']) expect(mail.text).toContain(part);
      expect(mail.html).toContain('https://renderlift.example/profile?tab=billing');
    }
    expect((await renderEmail('payment-received', emailTemplates['payment-received'].sample(site))).subject).toBe(
      'Payment received for your Professional plan',
    );
  });

  it('payment failed shows the amount and, when known, the retry date', async () => {
    const sample = emailTemplates['payment-failed'].sample(site);
    const mail = await renderEmail('payment-failed', sample);
    expect(mail.text).toContain('€29.00');
    expect(mail.text).toContain('25 November 2026');
    const noRetry = await renderEmail('payment-failed', { ...sample, retryDate: undefined });
    expect(noRetry.text).not.toContain('Next attempt');
  });

  it('subscription cancelled says access lasts until the end date', async () => {
    const mail = await renderEmail('subscription-cancelled', emailTemplates['subscription-cancelled'].sample(site));
    expect(mail.subject).toBe('Your Professional subscription has been cancelled');
    expect(mail.text).toContain('until 22 December 2026');
  });
});
