import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '@server/testing/test-server.js';
import { startServerMailingOverSmtp, startSmtpServer, type TestSmtpServer } from '@server/testing/smtp-server.js';
import { signupBody, signUpVerifiedUser } from '@server/testing/accounts.js';
import { makeAdmin } from '@server/services/accounts/make-admin.js';
import { emailOutbox } from '@server/db/schema.js';
import { accountMessages as m } from '@shared/accounts/messages.js';

/** Undoes quoted-printable soft line breaks and escapes, enough to read codes and links from a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('SMTP delivery', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startServerMailingOverSmtp());
  });
  afterAll(() => stop?.());

  it('delivers the verification mail over SMTP; its code and link verify the account', async () => {
    const body = signupBody();
    const client = new TestClient(server.url);
    expect((await client.json('/api/accounts/signup', { method: 'POST', json: body })).status).toBe(201);

    const mail = smtp.received.find((r) => r.to.includes(body.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@renderlift.test');
    const decoded = decodeQuotedPrintable(mail!.raw);
    expect(decoded).toMatch(/Subject: Verify your email for Renderlift/);
    const code = decoded.match(/\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/)![1];
    const link = decoded.match(/https?:\/\/[^\s"<>]+\/verify\/([A-Z0-9]{16})/)!;
    expect(link[1]).toBe(code.replace(/-/g, ''));

    const [row] = await server.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(row.status).toBe('sent');
    expect(row.sentAt).not.toBeNull();

    const verify = await client.json('/api/accounts/verify-email', { method: 'POST', json: { email: body.email, code } });
    expect(verify.status).toBe(200);
  });

  it('delivers a maintenance batch to every recipient once, over SMTP', async () => {
    const admin = new TestClient(server.url);
    const { email } = await signUpVerifiedUser(admin, server.deps);
    await makeAdmin(server.deps.db, email);
    const list = ['one@studio.example', 'two@studio.example', 'three@studio.example'];
    const res = await admin.json('/api/admin/notifications/maintenance', {
      method: 'POST',
      json: {
        message: 'The render farm moves tonight.',
        severity: 'error',
        estimatedCompletionTime: '2 hours',
        audience: { kind: 'custom', customEmails: list.join(';\n') },
      },
    });
    expect(res.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      if ((await admin.json(`/api/admin/notifications/${res.body.campaignId}`)).body.campaign.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const delivered = smtp.received.filter((r) => list.some((to) => r.to.includes(to)));
    expect(delivered.map((r) => r.to[0]).sort()).toEqual([...list].sort());
    for (const mail of delivered) {
      const decoded = decodeQuotedPrintable(mail.raw);
      expect(decoded).toMatch(/Subject: Renderlift service disruption/);
      expect(decoded).toContain('The render farm moves tonight.');
      expect(decoded).toContain('2 hours');
    }
    const rows = await server.deps.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'maintenance-notice'));
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('delivers a contact message as the notification to the mailbox and the confirmation to the sender', async () => {
    const visitor = new TestClient(server.url);
    const res = await visitor.json('/api/contact', {
      method: 'POST',
      json: { name: 'Sam Reyes', email: 'sam@archviz.example', inquiryType: 'general', subject: 'Press kit', message: 'Do you have a press kit?' },
    });
    expect(res.status).toBe(201);
    const notification = smtp.received.find((r) => r.to.includes(server.deps.config.CONTACT_GENERAL_EMAIL));
    const confirmation = smtp.received.find((r) => r.to.includes('sam@archviz.example'));
    expect(decodeQuotedPrintable(notification!.raw)).toContain('Do you have a press kit?');
    expect(decodeQuotedPrintable(notification!.raw)).toMatch(/Subject: .*Press kit/);
    expect(decodeQuotedPrintable(confirmation!.raw)).toContain('within 24 hours');
  });

  it('when the mail server is unreachable the account is created, the outbox says failed, and the seed warning is returned', async () => {
    // a port a mail server listened on a moment ago, and nothing does now
    const closed = await startSmtpServer();
    await closed.close();
    const down = await startTestServer({ env: { SMTP_URL: closed.url } });
    try {
      const body = signupBody();
      const res = await new TestClient(down.url).json('/api/accounts/signup', { method: 'POST', json: body });
      expect(res.status).toBe(201);
      expect(res.body.verification_email_sent).toBe(false);
      expect(res.body.warning).toBe(m.signupMailFailed);
      const [row] = await down.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
      expect(row.status).toBe('failed');
      expect(row.error).toBeTruthy();
    } finally {
      await down.stop();
    }
  });
});
