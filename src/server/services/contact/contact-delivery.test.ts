import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '@server/testing/test-server.js';
import { startServerMailingOverSmtp, type TestSmtpServer } from '@server/testing/smtp-server.js';
import { loadConfig } from '@server/config.js';
import { eq } from 'drizzle-orm';
import { contactMessages, securityEvents } from '@server/db/schema.js';
import { startServer } from '@main/server.js';

const message = (email: string) => ({ name: 'Sam Reyes', email, inquiryType: 'support', subject: 'Tiles at 6×', message: 'Grout lines smear.' });

/** The raw message's header block, folded lines joined. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');

describe('contact notifications over SMTP', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startServerMailingOverSmtp());
  });
  afterAll(() => stop?.());

  it('the mailboxes default to hello@ and support@ at the domain of MAIL_FROM', async () => {
    const info = await new TestClient(server.url).json('/api/contact');
    expect(info.body).toEqual({ generalEmail: 'hello@renderlift.test', supportEmail: 'support@renderlift.test' });
  });

  it('the notification to the mailbox carries Reply-To: the sender; the confirmation to the sender does not', async () => {
    const res = await new TestClient(server.url).json('/api/contact', { method: 'POST', json: message('sam@archviz.example') });
    expect(res.status).toBe(201);
    const notification = smtp.received.find((r) => r.to.includes('support@renderlift.test'));
    const confirmation = smtp.received.find((r) => r.to.includes('sam@archviz.example'));
    expect(notification, 'notification delivered to the support mailbox').toBeDefined();
    expect(headersOf(notification!.raw)).toMatch(/^Reply-To: sam@archviz\.example$/im);
    expect(headersOf(notification!.raw)).toMatch(/^From: .*no-reply@renderlift\.test/im);
    expect(headersOf(confirmation!.raw)).not.toMatch(/^Reply-To:/im);
  });
});

describe('contact configuration', () => {
  it('explicit mailboxes win; a bare MAIL_FROM gives its domain; no domain at all gives localhost', () => {
    expect(loadConfig({ MAIL_FROM: 'Studio <mail@studio.example>', CONTACT_GENERAL_EMAIL: 'press@studio.example' })).toMatchObject({
      CONTACT_GENERAL_EMAIL: 'press@studio.example',
      CONTACT_SUPPORT_EMAIL: 'support@studio.example',
    });
    expect(loadConfig({ MAIL_FROM: 'robot@render.example.org' }).CONTACT_GENERAL_EMAIL).toBe('hello@render.example.org');
    expect(loadConfig({}).CONTACT_GENERAL_EMAIL).toBe('hello@renderlift.local');
    expect(loadConfig({ MAIL_FROM: 'Renderlift' }).CONTACT_SUPPORT_EMAIL).toBe('support@localhost');
  });
});

describe('contact rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_CONTACT: '1/3600' } });
  });
  afterAll(() => server?.stop());

  it('a message over the limit is refused with the wait in minutes, once, and nothing is stored', async () => {
    const visitor = new TestClient(server.url);
    expect((await visitor.json('/api/contact', { method: 'POST', json: message('ana@studio.example') })).status).toBe(201);
    const refused = await visitor.json('/api/contact', { method: 'POST', json: message('ana@studio.example') });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many messages from this address. Please try again in 60 minutes.');
    expect((await visitor.json('/api/contact', { method: 'POST', json: message('ana@studio.example') })).status).toBe(429);
    expect(await server.deps.db.select().from(contactMessages)).toHaveLength(1);
    // the flood is on record once, with the limit it hit
    const recorded = await server.deps.db.select().from(securityEvents).where(eq(securityEvents.action, 'rate_limited'));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ resource: 'contact', status: 'failure', ipAddress: '127.0.0.1', details: { limit: 1, window_seconds: 3600 } });

    // the count is kept in the database, not in the process: a server started again on it still refuses
    const restarted = await startServer(server.deps.config, { database: server.deps.database });
    try {
      const again = await new TestClient(restarted.url).json('/api/contact', { method: 'POST', json: message('ana@studio.example') });
      expect(again.status).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});
