import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { latestMail, signupBody, signUpVerifiedUser, verificationCodeFrom } from '../testing/accounts.js';

describe('/dev/mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists outbox messages newest first and renders each one, so a local user can verify without a mail server', async () => {
    const c = new TestClient(server.url);
    const older = signupBody();
    await c.json('/api/accounts/signup', { method: 'POST', json: older });
    const { email } = await signUpVerifiedUser(c, server.deps);
    const res = await c.fetch('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    const welcome = page.indexOf(`data-to="${email}" data-template="welcome"`);
    const verification = page.indexOf(`data-to="${email}" data-template="verification"`);
    const oldest = page.indexOf(`data-to="${older.email}"`);
    expect(welcome).toBeGreaterThan(-1);
    expect(welcome).toBeLessThan(verification);
    expect(verification).toBeLessThan(oldest);
    expect(page).toContain('<iframe sandbox=""');
    expect(page).toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect(page).toContain('Verify your email for Renderlift');
  });

  it('does not exist in production, and production cookies are Secure', async () => {
    const prod = await startTestServer({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), BASE_URL: 'https://renderlift.example', PAYMENTS_TEST_MODE_IN_PRODUCTION: 'true' },
    });
    try {
      const c = new TestClient(prod.url);
      expect((await c.fetch('/dev/mailbox')).status).toBe(404);
      const signup = signupBody();
      // production trusts only BASE_URL as an origin
      const res = await c.json('/api/accounts/signup', { method: 'POST', json: signup, headers: { origin: 'https://renderlift.example' } });
      expect(res.status).toBe(201);
      const code = verificationCodeFrom((await latestMail(prod.deps, signup.email, 'verification')).text);
      await c.json('/api/accounts/verify-email', { method: 'POST', json: { token: code }, headers: { origin: 'https://renderlift.example' } });
      const signIn = await c.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: signup.email, password: signup.password },
        headers: { origin: 'https://renderlift.example' },
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().find((x) => x.includes('renderlift.session_token='))!;
      expect(cookie).toMatch(/^__Secure-renderlift\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await prod.stop();
    }
  });
});
