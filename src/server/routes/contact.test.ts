import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { contactMessages, emailOutbox } from '../db/schema.js';
import { messages } from '@shared/messages.js';

describe.each(backends)('contact form (%s)', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60', RATE_LIMIT_CONTACT: '100/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const send = (c: TestClient, json: Record<string, unknown>) => c.json('/api/contact', { method: 'POST', json });
  const confirmationsTo = (to: string) =>
    server.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'contact-confirmation'), eq(emailOutbox.toAddress, to)));

  it('an address with mail headers or a query after it is refused with the invalid-email message, storing and sending nothing', async () => {
    const visitor = new TestClient(server.url);
    for (const email of [
      'x@y.zz?cc=victim%40studio.example&body=Pay%20here',
      'x@y.zz?body=hi',
      'x@y.zz&subject=hi',
      'x@y.zz\r\nBcc: victim@studio.example',
      'x y@studio.example',
    ]) {
      const r = await send(visitor, { name: 'Jo', email, subject: 'Hello', message: 'Hi there' });
      expect(r.status, email).toBe(400);
      expect(r.body.error.message).toBe(messages.contactInvalidEmail);
    }
    expect(await server.deps.db.select().from(contactMessages)).toHaveLength(0);
    expect(await server.deps.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('an anonymous sender’s confirmation carries nothing they typed: no name, subject or message', async () => {
    const visitor = new TestClient(server.url);
    const typed = {
      name: 'Security team of your bank',
      subject: 'Your account is suspended',
      message: 'Sign in at https://evil.example/login within 24 hours.',
    };
    const r = await send(visitor, { ...typed, email: 'victim@studio.example' });
    expect(r.status).toBe(201);
    const [confirmation] = await confirmationsTo('victim@studio.example');
    expect(confirmation).toBeDefined();
    expect(confirmation.text).toContain('24 hours');
    for (const part of [confirmation.subject, confirmation.html, confirmation.text]) {
      for (const words of ['Security team', 'bank', 'suspended', 'evil.example']) expect(part).not.toContain(words);
    }
    // the team still gets everything
    const [stored] = await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, 'victim@studio.example'));
    expect(stored).toMatchObject(typed);
  });

  it('a signed-in, verified sender writing from their own address is greeted by name; from another address they are not', async () => {
    const c = new TestClient(server.url);
    const { email } = await signUpVerifiedUser(c, server.deps);
    expect((await send(c, { name: 'Ada from the studio', email, subject: 'Plans', message: 'Which plan fits?' })).status).toBe(201);
    const [own] = await confirmationsTo(email);
    expect(own.text).toContain('Ada from the studio');
    expect(own.text).not.toContain('Which plan fits?');

    expect((await send(c, { name: 'Ada from the studio', email: 'someone-else@studio.example', subject: 'Plans', message: 'Which plan fits?' })).status).toBe(
      201,
    );
    const [other] = await confirmationsTo('someone-else@studio.example');
    expect(other.text).not.toContain('Ada from the studio');
  });
});
