import { describe, expect, it } from 'vitest';
import { emailTemplates, renderEmail, type EmailTemplateName } from './index.js';
import { messages } from '@shared/messages.js';

const site = { siteName: 'Renderlift', baseUrl: 'https://renderlift.example.com' };
const sampleOf = (name: EmailTemplateName) => emailTemplates[name].sample(site) as never;

describe('e-mail content', () => {
  it('no e-mail says "AI powered": the seed uses it only as the site tagline', async () => {
    for (const name of Object.keys(emailTemplates) as EmailTemplateName[]) {
      const mail = await renderEmail(name, sampleOf(name));
      expect(`${mail.subject}\n${mail.html}\n${mail.text}`, name).not.toMatch(/AI[- ]powered/i);
      expect(mail.html, name).toContain(`<img alt="" height="32" src="${site.baseUrl}/email-logo.png"`);
    }
  });

  it("the contact notification's plain-text part keeps the message's line breaks", async () => {
    const message = 'Hello,\nwe render interiors.\n\nWhich plan fits?\nThanks';
    const mail = await renderEmail('contact-notification', { ...emailTemplates['contact-notification'].sample(site), message });
    expect(mail.text).toContain('Hello,\nwe render interiors.\n\nWhich plan fits?\nThanks');
    expect(mail.html).toContain('Hello,<br/>we render interiors.<br/><br/>Which plan fits?<br/>Thanks');
  });

  it('the welcome e-mail promises nothing a free account cannot use: it leads to the plans', async () => {
    const mail = await renderEmail('welcome', sampleOf('welcome'));
    // a free account cannot open the workspace (seed 000 §2), so it is not told of free credits to enhance with
    expect(mail.text).not.toMatch(/free plan|credits every month/i);
    expect(mail.text).toContain('Basic is €12 a month for 200 credits');
    expect(mail.html).toContain(`href="${site.baseUrl}/pricing"`);
  });

  it('processing complete shows link text, not a raw address', async () => {
    const mail = await renderEmail('processing-complete', sampleOf('processing-complete'));
    const visible = mail.html.replace(/<[^>]+>/g, ' ');
    expect(visible).not.toContain(site.baseUrl);
    expect(mail.html).toContain(`href="${site.baseUrl}/profile?tab=settings"`);
  });

  it('announcements show the unsubscribe link they are given; other e-mails have none', async () => {
    const unsubscribeUrl = `${site.baseUrl}/api/notifications/unsubscribe?token=abc.def`;
    for (const name of ['maintenance-notice', 'application-available'] as const) {
      const mail = await renderEmail(name, { ...emailTemplates[name].sample(site), unsubscribeUrl });
      expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
      expect(mail.html).toContain(messages.unsubscribeLink);
      const without = await renderEmail(name, emailTemplates[name].sample(site));
      expect(without.html).not.toContain(messages.unsubscribeLink);
    }
    expect((await renderEmail('verification', sampleOf('verification'))).html).not.toContain(messages.unsubscribeLink);
  });
});
