import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.js';
import { signupBody } from '../../testing/accounts.js';
import { emailOutbox } from '../../db/schema.js';
import { accountMessages as m } from '../../../shared/accounts/messages.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read codes and links from a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('SMTP delivery', () => {
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: Received[] = [];
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Renderlift <no-reply@renderlift.test>' } });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the verification mail over SMTP; its code and link verify the account', async () => {
    const body = signupBody();
    const client = new TestClient(server.url);
    expect((await client.json('/api/accounts/signup', { method: 'POST', json: body })).status).toBe(201);

    const mail = received.find((r) => r.to.includes(body.email));
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

  it('when the mail server is unreachable the account is created, the outbox says failed, and the seed warning is returned', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
      probe.listen(0, '127.0.0.1', () => {
        const port = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    });
    const down = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
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
