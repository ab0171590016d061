import { describe, expect, it } from 'vitest';
import { EMAIL_CATEGORIES, emailTemplates, renderEmail } from './index.js';

const site = { siteName: 'Renderlift', baseUrl: 'https://renderlift.example' };

describe('email templates', () => {
  it('verification shows the link and the code as four groups of four', async () => {
    const mail = await renderEmail('verification', emailTemplates.verification.sample(site));
    expect(mail.subject).toBe('Verify your email for Renderlift');
    expect(mail.html).toContain('https://renderlift.example/verify/K7QM4XPA9TRC2WHN');
    expect(mail.html).toContain('K7QM-4XPA-9TRC-2WHN');
    expect(mail.text).toContain('K7QM-4XPA-9TRC-2WHN');
    expect(mail.text).toContain('https://renderlift.example/verify/K7QM4XPA9TRC2WHN');
  });

  it('password reset shows the 6-character code and the link', async () => {
    const mail = await renderEmail('password-reset', emailTemplates['password-reset'].sample(site));
    expect(mail.subject).toBe('Reset your Renderlift password');
    expect(mail.text).toContain('H4K9QZ');
    expect(mail.html).toContain('https://renderlift.example/reset-password/H4K9QZ');
  });

  it('every template renders its sample with the site name and address from the caller', async () => {
    for (const name of Object.keys(emailTemplates) as (keyof typeof emailTemplates)[]) {
      const mail = await renderEmail(name, emailTemplates[name].sample({ siteName: 'Acme Lift', baseUrl: 'http://localhost:4000' }) as never);
      expect(mail.html).toContain('Acme Lift');
      expect(mail.html).toContain('localhost:4000');
      expect(mail.text.length).toBeGreaterThan(20);
    }
  });

  it('the twelve templates of the seed, the two notification e-mails and the five account-security notices, each under one of the five preview tabs', () => {
    const names = Object.keys(emailTemplates).sort();
    expect(names).toEqual(
      [
        'account-deleted',
        'backup-codes-regenerated',
        'password-changed',
        'two-factor-disabled',
        'two-factor-enabled',
        'application-available',
        'beta-access',
        'contact-confirmation',
        'contact-notification',
        'low-credits',
        'maintenance-notice',
        'password-reset',
        'payment-failed',
        'payment-received',
        'processing-complete',
        'subscription-cancelled',
        'subscription-confirmed',
        'verification',
        'welcome',
      ].sort(),
    );
    const categories = new Set(Object.values(emailTemplates).map((t) => t.category));
    expect([...categories].sort()).toEqual([...EMAIL_CATEGORIES].sort());
  });

  it('the maintenance notice says its severity, message and estimate', async () => {
    const sample = emailTemplates['maintenance-notice'].sample(site);
    const warning = await renderEmail('maintenance-notice', sample);
    expect(warning.subject).toBe('Scheduled maintenance at Renderlift');
    expect(warning.text).toContain('Estimated completion: 24-48 hours');
    const error = await renderEmail('maintenance-notice', { ...sample, severity: 'error', message: 'Uploads fail right now.' });
    expect(error.subject).toBe('Renderlift service disruption');
    expect(error.text).toContain('Uploads fail right now.');
  });
});
