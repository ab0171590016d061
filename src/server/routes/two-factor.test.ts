import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { secretFromOtpauth, totp } from '../testing/totp.js';
import { securityEvents, twoFactor, user } from '../db/schema.js';
import { accountMessages as m } from '@shared/accounts/messages.js';

describe.each(backends)('two-factor TOTP (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_IN: '1000/60', RATE_LIMIT_SIGN_UP: '1000/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('enrol with the password, confirm with a code, then sign-in asks for the code; disable turns it off', async () => {
    const browser = new TestClient(server.url);
    const { email, password, userId } = await signUpVerifiedUser(browser, server.deps);

    expect((await browser.json('/api/auth/two-factor/enable', { method: 'POST', json: { password: 'wrong-password' } })).status).toBe(400);
    const enrol = await browser.json('/api/auth/two-factor/enable', { method: 'POST', json: { password } });
    expect(enrol.status).toBe(200);
    expect(enrol.body.totpURI).toMatch(/^otpauth:\/\/totp\/Renderlift:/);
    const secret = secretFromOtpauth(enrol.body.totpURI);
    // not on until a code proves the authenticator has the secret
    expect((await server.deps.db.select().from(user).where(eq(user.id, userId)))[0].twoFactorEnabled).toBe(false);

    expect(
      (await browser.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: '000000' === totp(secret) ? '111111' : '000000' } })).status,
    ).toBe(401);
    const confirm = await browser.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secret) } });
    expect(confirm.status).toBe(200);
    expect((await server.deps.db.select().from(user).where(eq(user.id, userId)))[0].twoFactorEnabled).toBe(true);

    const phone = new TestClient(server.url);
    const first = await phone.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(first.status).toBe(200);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await phone.json('/api/me')).status).toBe(401);

    const wrong = await phone.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secret, Date.now() - 10 * 60_000) } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(m.twoFactorInvalid);

    // the next step's code: an authenticator shows it within seconds, and a code already used to enrol is not replayed
    const ok = await phone.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secret, Date.now() + 30_000) } });
    expect(ok.status).toBe(200);
    const me = await phone.json('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(userId);

    const events = await server.deps.db.select().from(securityEvents).where(eq(securityEvents.userId, userId));
    expect(events.some((e) => e.action === 'sign_in' && e.status === 'info')).toBe(true);
    expect(events.some((e) => e.action === 'two_factor_verify' && e.status === 'success')).toBe(true);
    // the wrong code is on the user's record too, though no session named them yet
    expect(events.filter((e) => e.action === 'two_factor_verify' && e.status === 'failure')).toHaveLength(1);

    const off = await phone.json('/api/auth/two-factor/disable', { method: 'POST', json: { password } });
    expect(off.status).toBe(200);
    expect(await server.deps.db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).toHaveLength(0);
    const plain = await new TestClient(server.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(plain.status).toBe(200);
    expect(plain.body.twoFactorRedirect).toBeUndefined();
  });

  it('another user cannot enrol, read or disable this user’s second factor', async () => {
    const alice = new TestClient(server.url);
    const bob = new TestClient(server.url);
    const a = await signUpVerifiedUser(alice, server.deps);
    const b = await signUpVerifiedUser(bob, server.deps, { password: 'bobs-own-password' });
    const enrol = await alice.json('/api/auth/two-factor/enable', { method: 'POST', json: { password: a.password } });
    await alice.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secretFromOtpauth(enrol.body.totpURI)) } });
    // bob's password does not reach alice's factor; bob's own calls only concern bob
    const uri = await bob.json('/api/auth/two-factor/get-totp-uri', { method: 'POST', json: { password: b.password } });
    expect(uri.status).not.toBe(200);
    expect((await bob.json('/api/auth/two-factor/disable', { method: 'POST', json: { password: a.password } })).status).toBe(400);
    expect((await server.deps.db.select().from(user).where(eq(user.id, a.userId)))[0].twoFactorEnabled).toBe(true);
  });
});
