import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../db/schema.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { accountMessages as m } from '@shared/accounts/messages.js';

/**
 * Behind one proxy (TRUST_PROXY=true) the client is the address that proxy appended: the right-most X-Forwarded-For
 * entry. Everything left of it was written by the client and names whoever the client likes.
 */
describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: '3/60', RATE_LIMIT_PASSWORD_RESET: '2/600' } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  /** A request as the proxy passes it on: whatever the client sent, then the address the proxy saw. */
  const viaProxy = (clientSent: string, seen: string) => ({ 'x-forwarded-for': `${clientSent}, ${seen}` });

  it('rotating the left-most X-Forwarded-For entry does not get round the sign-in limit', async () => {
    const c = new TestClient(server.url);
    const email = 'rotating@example.com';
    for (let i = 0; i < 3; i++) {
      const res = await c.json('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email, password: 'wrong-password' },
        headers: viaProxy(`10.0.0.${i}`, '198.51.100.7'),
      });
      expect(res.status).toBe(401);
    }
    const limited = await c.json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'wrong-password' },
      headers: viaProxy('10.0.0.99', '198.51.100.7'),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(m.signInTooMany);
    // another client behind the same proxy has its own budget: the right-most entry is what counts
    const other = await c.json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'wrong-password' },
      headers: viaProxy('10.0.0.99', '198.51.100.8'),
    });
    expect(other.status).toBe(401);
    // and the security events name the address the proxy saw
    const events = await server.deps.db.select().from(securityEvents).where(eq(securityEvents.email, email));
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.ipAddress))).toEqual(new Set(['198.51.100.7', '198.51.100.8']));
  });

  it('rotating the left-most entry does not get round the password reset limit', async () => {
    const c = new TestClient(server.url);
    for (let i = 0; i < 2; i++) {
      const res = await c.json('/api/accounts/forgot-password', {
        method: 'POST',
        json: { email: `p${i}@example.com` },
        headers: viaProxy(`10.1.0.${i}`, '198.51.100.20'),
      });
      expect(res.status).toBe(200);
    }
    const limited = await c.json('/api/accounts/forgot-password', {
      method: 'POST',
      json: { email: 'p9@example.com' },
      headers: viaProxy('10.1.0.9', '198.51.100.20'),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(m.resetTooMany);
  });

  it('a remote client that writes X-Forwarded-For: 127.0.0.1 does not get the mailbox', async () => {
    const c = new TestClient(server.url);
    expect((await c.fetch('/dev/mailbox', { headers: viaProxy('127.0.0.1', '203.0.113.9') })).status).toBe(404);
    expect((await c.fetch('/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
  });
});
