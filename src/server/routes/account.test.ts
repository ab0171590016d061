import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { latestMail, resetCodeFrom, signupBody, signUpVerifiedUser, verificationCodeFrom, waitForMail } from '../testing/accounts.js';
import { account, businessCustomers, creditLedger, emailOutbox, profiles, securityEvents, session, user, verification } from '../db/schema.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { DELETED_RECIPIENT } from '../services/accounts/delete-account.js';

// every request here comes from one loopback address; rate limits have their own test file
const generousLimits = { RATE_LIMIT_SIGN_IN: '1000/60', RATE_LIMIT_SIGN_UP: '1000/60', RATE_LIMIT_PASSWORD_RESET: '1000/60', RATE_LIMIT_RESEND: '1000/60' };

describe.each(backends)('accounts API (%s)', (backend) => {
  let server: TestServer;
  // a movable clock: codes expire after 24 hours and cooldowns after 60 seconds
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    server = await startTestServer({ backend, clock, env: generousLimits });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const client = () => new TestClient(server.url);
  const db = () => server.deps.db;

  describe('sign-up', () => {
    it('creates the user, a free profile with 4 credits and the seed metadata keys in one go, and mails the verification code', async () => {
      const body = signupBody({
        metadata: { phone: '+49 30 1234', job_title: 'Visualiser', location: 'Berlin', heard_about: 'Friend', marketing_opt_in: true },
      });
      const res = await client().json('/api/accounts/signup', { method: 'POST', json: body });
      expect(res.status).toBe(201);
      expect(res.body.verification_email_sent).toBe(true);
      const [p] = await db().select().from(profiles).where(eq(profiles.email, body.email));
      expect(p).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        creditsRemaining: 4,
        betaAccess: false,
        subscriptionStatus: 'free',
        isBusiness: false,
      });
      expect(p.metadata).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+49 30 1234',
        job_title: 'Visualiser',
        location: 'Berlin',
        heard_about: 'Friend',
        marketing_opt_in: true,
        is_business: false,
        country: 'DE',
      });
      const [u] = await db().select().from(user).where(eq(user.email, body.email));
      expect(u.emailVerified).toBe(false);
      expect(u.role).toBe('user');
      const [cred] = await db().select().from(account).where(eq(account.userId, u.id));
      expect(cred.providerId).toBe('credential');
      expect(cred.password).not.toContain(body.password);
      const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, u.id));
      expect(ledger).toMatchObject([{ delta: 4, reason: 'signup', balanceAfter: 4 }]);

      const mail = await latestMail(server.deps, body.email, 'verification');
      expect(mail.subject).toBe('Verify your email for Renderlift');
      const code = verificationCodeFrom(mail.text);
      expect(code).toHaveLength(16);
      expect(mail.html).toContain(`${server.url}/verify/${code}`);
    });

    it('stores the business record with the VAT ID uppercased', async () => {
      const body = signupBody({
        email: `owner${Date.now()}@studio-north.de`,
        metadata: { is_business: true, company: 'Studio North GmbH', vat_id: 'de 136 695 976', business_type: 'llc', industry: 'Construction', country: 'DE' },
      });
      const res = await client().json('/api/accounts/signup', { method: 'POST', json: body });
      expect(res.status).toBe(201);
      const [p] = await db().select().from(profiles).where(eq(profiles.email, body.email));
      expect(p).toMatchObject({ isBusiness: true, companyName: 'Studio North GmbH', vatId: 'DE136695976' });
      const [b] = await db().select().from(businessCustomers).where(eq(businessCustomers.userId, p.userId));
      expect(b).toMatchObject({
        profileId: p.id,
        companyName: 'Studio North GmbH',
        vatId: 'DE136695976',
        countryCode: 'DE',
        businessType: 'llc',
        industry: 'Construction',
        billingAddress: {},
      });
    });

    it('answers 409 with the seed message for an address already registered, in any letter case', async () => {
      const body = signupBody();
      expect((await client().json('/api/accounts/signup', { method: 'POST', json: body })).status).toBe(201);
      const again = await client().json('/api/accounts/signup', { method: 'POST', json: { ...body, email: body.email.toUpperCase() } });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe(m.signupExists);
      expect(await db().select().from(user).where(eq(user.email, body.email))).toHaveLength(1);
    });

    it.each([
      ['terms not accepted', signupBody({ terms: false }), m.termsRequired],
      ['no country', signupBody({ metadata: { country: '' } }), m.countryRequired],
      ['business without company', signupBody({ metadata: { is_business: true } }), m.companyRequired],
      ['invalid VAT ID for the country', signupBody({ metadata: { vat_id: 'DE136695977', country: 'DE' } }), m.vatInvalid],
      ['short password', signupBody({ password: '12345' }), m.passwordTooShort],
    ])('rejects %s with 400 and the seed message, creating nothing', async (_name, body, message) => {
      const res = await client().json('/api/accounts/signup', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(await db().select().from(user).where(eq(user.email, body.email))).toHaveLength(0);
    });

    it('cannot choose its role: a role in the body is ignored', async () => {
      const body = { ...signupBody(), role: 'admin', user_metadata: { ...signupBody().user_metadata, role: 'admin' } };
      expect((await client().json('/api/accounts/signup', { method: 'POST', json: body })).status).toBe(201);
      const [u] = await db().select().from(user).where(eq(user.email, body.email));
      expect(u.role).toBe('user');
    });

    it('validates VAT IDs with jsvat for the chosen country', async () => {
      const c = client();
      expect((await c.json('/api/accounts/validate-vat', { method: 'POST', json: { vatId: 'de136695976', countryCode: 'DE' } })).body).toEqual({
        valid: true,
        vat_id: 'DE136695976',
      });
      expect((await c.json('/api/accounts/validate-vat', { method: 'POST', json: { vatId: '136695976', countryCode: 'DE' } })).body.valid).toBe(true);
      expect((await c.json('/api/accounts/validate-vat', { method: 'POST', json: { vatId: 'DE136695977', countryCode: 'DE' } })).body.valid).toBe(false);
      expect((await c.json('/api/accounts/validate-vat', { method: 'POST', json: { vatId: 'DE136695976', countryCode: 'FR' } })).body.valid).toBe(false);
    });
  });

  describe('verification', () => {
    it('an unverified user cannot sign in and is told why', async () => {
      const body = signupBody();
      await client().json('/api/accounts/signup', { method: 'POST', json: body });
      const c = client();
      const res = await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email: body.email, password: body.password } });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: m.signInUnverified });
      expect((await c.json('/api/me')).status).toBe(401);
    });

    it('verifies by the link token once, sends the welcome mail, and then allows sign-in', async () => {
      const body = signupBody();
      await client().json('/api/accounts/signup', { method: 'POST', json: body });
      const code = verificationCodeFrom((await latestMail(server.deps, body.email, 'verification')).text);
      const c = client();
      const ok = await c.json('/api/accounts/verify-email', { method: 'POST', json: { token: code } });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(m.verificationSuccess);
      expect((await latestMail(server.deps, body.email, 'welcome')).subject).toBe('Welcome to Renderlift');
      const again = await c.json('/api/accounts/verify-email', { method: 'POST', json: { token: code } });
      expect(again.status).toBe(400);
      expect(again.body.error.message).toBe(m.verificationInvalid);
      expect((await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email: body.email, password: body.password } })).status).toBe(200);
      expect((await c.json('/api/me')).body.user.emailVerified).toBe(true);
    });

    it('verifies by e-mail and the code typed by hand (dashes, lower case), but not with another address', async () => {
      const body = signupBody();
      await client().json('/api/accounts/signup', { method: 'POST', json: body });
      const mail = await latestMail(server.deps, body.email, 'verification');
      const grouped = mail.text.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
      const wrong = await client().json('/api/accounts/verify-email', { method: 'POST', json: { email: 'someone-else@example.com', code: grouped } });
      expect(wrong.status).toBe(400);
      const ok = await client().json('/api/accounts/verify-email', { method: 'POST', json: { email: body.email.toUpperCase(), code: grouped.toLowerCase() } });
      expect(ok.status).toBe(200);
    });

    it('a code older than 24 hours has expired, and the message says so', async () => {
      const body = signupBody();
      await client().json('/api/accounts/signup', { method: 'POST', json: body });
      const code = verificationCodeFrom((await latestMail(server.deps, body.email, 'verification')).text);
      offsetMs = 24 * 3600 * 1000 + 1000;
      try {
        const res = await client().json('/api/accounts/verify-email', { method: 'POST', json: { token: code } });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toContain('expired');
      } finally {
        offsetMs = 0;
      }
    });

    it('resend: 60-second cooldown after sign-up, then a new code that replaces the old one', async () => {
      const body = signupBody();
      await client().json('/api/accounts/signup', { method: 'POST', json: body });
      const first = verificationCodeFrom((await latestMail(server.deps, body.email, 'verification')).text);
      const early = await client().json('/api/accounts/resend-verification', { method: 'POST', json: { email: body.email } });
      expect(early.status).toBe(429);
      expect(early.body.error.message).toContain('security purposes');
      expect(early.body.error.details.retryAfter).toBeGreaterThan(50);
      offsetMs = 61_000;
      try {
        const ok = await client().json('/api/accounts/resend-verification', { method: 'POST', json: { email: body.email } });
        expect(ok.status).toBe(200);
        expect(ok.body).toEqual({ sent: true, cooldown_seconds: 60 });
        const second = verificationCodeFrom((await latestMail(server.deps, body.email, 'verification')).text);
        expect(second).not.toBe(first);
        expect((await client().json('/api/accounts/verify-email', { method: 'POST', json: { token: first } })).status).toBe(400);
        expect((await client().json('/api/accounts/verify-email', { method: 'POST', json: { token: second } })).status).toBe(200);
      } finally {
        offsetMs = 0;
      }
    });

    it('resend answers the same for unknown addresses and requires an e-mail', async () => {
      const unknown = await client().json('/api/accounts/resend-verification', { method: 'POST', json: { email: `nobody${Date.now()}@example.com` } });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ sent: true, cooldown_seconds: 60 });
      const empty = await client().json('/api/accounts/resend-verification', { method: 'POST', json: { email: '' } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe(m.resendEmailRequired);
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the address exists; only a real account gets a 6-character code', async () => {
      const { email } = await signUpVerifiedUser(client(), server.deps);
      const ghost = `ghost${Date.now()}@example.com`;
      const a = await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email } });
      const b = await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email: ghost } });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body).toEqual(b.body);
      const mail = await waitForMail(server.deps, email, 'password-reset');
      expect(await latestMail(server.deps, ghost)).toBeUndefined();
      expect(resetCodeFrom(mail.html)).toMatch(/^[A-Z0-9]{6}$/);
      const empty = await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email: '' } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe(m.emailRequired);
    });

    it('the reset mail goes out after the answer: the request only queues it, for a known address as for an unknown one', async () => {
      const { email } = await signUpVerifiedUser(client(), server.deps);
      const jobs = async () =>
        (
          (await server.deps.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'account-mail'`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0];
      const before = (await jobs()).n;
      const known = await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email } });
      const unknown = await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email: `nobody${Date.now()}@example.com` } });
      expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
      // both asked the queue for the same work; whether an account exists is found out there
      expect((await jobs()).n - before).toBe(2);
      await waitForMail(server.deps, email, 'password-reset');
    });

    it('resets with the code (any case), signs out every session, and the code works once', async () => {
      const browser = client();
      const { email, password } = await signUpVerifiedUser(browser, server.deps);
      await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email } });
      const code = resetCodeFrom((await waitForMail(server.deps, email, 'password-reset')).text);

      const short = await client().json('/api/accounts/reset-password', { method: 'POST', json: { token: code, newPassword: '12345' } });
      expect(short.status).toBe(400);
      expect(short.body.error.message).toBe(m.passwordTooShort);
      const noCode = await client().json('/api/accounts/reset-password', { method: 'POST', json: { token: '', newPassword: 'new-password-2' } });
      expect(noCode.body.error.message).toBe(m.resetCodeRequired);

      const ok = await client().json('/api/accounts/reset-password', { method: 'POST', json: { token: code.toLowerCase(), newPassword: 'new-password-2' } });
      expect(ok.status).toBe(200);
      expect((await browser.json('/api/me')).status).toBe(401);
      const [u] = await db().select().from(user).where(eq(user.email, email));
      expect(await db().select().from(session).where(eq(session.userId, u.id))).toHaveLength(0);

      const reused = await client().json('/api/accounts/reset-password', { method: 'POST', json: { token: code, newPassword: 'another-password-3' } });
      expect(reused.status).toBe(400);
      expect(reused.body.error.message).toBe(m.resetCodeInvalid);

      const c = client();
      expect((await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(401);
      expect((await c.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'new-password-2' } })).status).toBe(200);
    });

    it('an expired reset code fails with a clear message', async () => {
      const { email } = await signUpVerifiedUser(client(), server.deps);
      await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email } });
      const code = resetCodeFrom((await waitForMail(server.deps, email, 'password-reset')).text);
      offsetMs = 24 * 3600 * 1000 + 1000;
      try {
        const res = await client().json('/api/accounts/reset-password', { method: 'POST', json: { token: code, newPassword: 'new-password-2' } });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(m.resetCodeInvalid);
      } finally {
        offsetMs = 0;
      }
    });
  });

  describe('sessions', () => {
    it('sets an httpOnly, SameSite=Lax session cookie (not Secure outside production)', async () => {
      const body = signupBody();
      await client().json('/api/accounts/signup', { method: 'POST', json: body });
      await client().json('/api/accounts/verify-email', {
        method: 'POST',
        json: { token: verificationCodeFrom((await latestMail(server.deps, body.email, 'verification')).text) },
      });
      const res = await client().fetch('/api/auth/sign-in/email', { method: 'POST', json: { email: body.email, password: body.password } });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('renderlift.session_token='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('refuses cookie-carrying POSTs from an untrusted origin', async () => {
      const c = client();
      const { password } = await signUpVerifiedUser(c, server.deps);
      const res = await c.json('/api/auth/two-factor/enable', { method: 'POST', json: { password }, headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      const signOut = await c.json('/api/account/sign-out?scope=global', { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(signOut.status).toBe(403);
      expect((await c.json('/api/me')).status).toBe(200);
    });

    it('an expired session is signed out', async () => {
      const c = client();
      const { userId } = await signUpVerifiedUser(c, server.deps);
      expect((await c.json('/api/me')).status).toBe(200);
      await db()
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.userId, userId));
      expect((await c.json('/api/me')).status).toBe(401);
    });

    it('sign-out scope local ends only this session, others the rest, global all', async () => {
      const a = client();
      const { email, password, userId } = await signUpVerifiedUser(a, server.deps);
      const b = client();
      const c = client();
      for (const x of [b, c]) expect((await x.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(200);

      expect((await a.json('/api/account/sign-out?scope=local', { method: 'POST' })).status).toBe(200);
      expect((await a.json('/api/me')).status).toBe(401);
      expect((await b.json('/api/me')).status).toBe(200);

      expect((await b.json('/api/account/sign-out?scope=others', { method: 'POST' })).status).toBe(200);
      expect((await b.json('/api/me')).status).toBe(200);
      expect((await c.json('/api/me')).status).toBe(401);

      const d = client();
      await d.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      expect((await b.json('/api/account/sign-out?scope=global', { method: 'POST' })).status).toBe(200);
      expect((await b.json('/api/me')).status).toBe(401);
      expect((await d.json('/api/me')).status).toBe(401);
      expect(await db().select().from(session).where(eq(session.userId, userId))).toHaveLength(0);

      // seed 001 §7.7: the client counts 401 as success when already signed out
      expect((await b.json('/api/account/sign-out?scope=local', { method: 'POST' })).status).toBe(401);
      expect((await b.json('/api/account/sign-out?scope=everything', { method: 'POST' })).status).toBe(400);
    });

    it('sliding refresh: using a session moves its expiry forward', async () => {
      const s = await startTestServer({ backend, env: { ...generousLimits, SESSION_EXPIRES_SECONDS: '3600', SESSION_UPDATE_AGE_SECONDS: '0' } });
      try {
        const c = new TestClient(s.url);
        const { userId } = await signUpVerifiedUser(c, s.deps);
        const [before] = await s.deps.db.select().from(session).where(eq(session.userId, userId));
        await new Promise((r) => setTimeout(r, 1100));
        const res = await c.fetch('/api/auth/get-session');
        expect(res.status).toBe(200);
        expect(res.headers.getSetCookie().some((x) => x.startsWith('renderlift.session_token='))).toBe(true);
        const [after] = await s.deps.db.select().from(session).where(eq(session.userId, userId));
        expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
      } finally {
        await s.stop();
      }
    });
  });

  describe('security events', () => {
    it('records successful and failed sign-ins server-side, and client reports with the user attached', async () => {
      const c = client();
      const { email, userId } = await signUpVerifiedUser(c, server.deps);
      await client().json('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'wrong-password' } });
      const report = await c.json('/api/security-events', {
        method: 'POST',
        json: {
          action: 'login',
          resource: 'auth',
          status: 'success',
          details: { method: 'password' },
          timestamp: new Date().toISOString(),
          user_agent: 'test',
          page_url: '/login',
        },
      });
      expect(report.status).toBe(202);
      const rows = await db().select().from(securityEvents).where(eq(securityEvents.email, email));
      expect(rows.filter((r) => r.action === 'sign_in' && r.status === 'success' && r.userId === userId)).toHaveLength(1);
      expect(rows.filter((r) => r.action === 'sign_in' && r.status === 'failure')).toHaveLength(1);
      expect(rows.find((r) => r.action === 'login')).toMatchObject({ userId, pageUrl: '/login', status: 'success' });
      const listed = await c.json('/api/security-events');
      expect(listed.status).toBe(200);
      expect(listed.body.events.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['sign_in', 'login', 'sign_up', 'email_verified']));
      expect((await client().json('/api/security-events')).status).toBe(401);
      const bad = await c.json('/api/security-events', { method: 'POST', json: { action: 'x', status: 'maybe' } });
      expect(bad.status).toBe(400);
    });
  });

  describe('account deletion', () => {
    it('removes the user and everything of theirs, anonymises their mail, signs out, and sign-in then fails', async () => {
      const c = client();
      const other = client();
      const others = await signUpVerifiedUser(other, server.deps);
      const { email, password, userId } = await signUpVerifiedUser(c, server.deps, {
        email: `deleteme${Date.now()}@studio-south.com`,
        metadata: { is_business: true, company: 'Studio South', country: 'ES' },
      });
      await client().json('/api/accounts/forgot-password', { method: 'POST', json: { email } });
      await waitForMail(server.deps, email, 'password-reset');
      let afterCommitRan = false;
      server.deps.accountDeletion.push({
        name: 'test-files',
        prepare: async ({ userId: id }) => {
          expect(id).toBe(userId);
          return async () => {
            afterCommitRan = true;
          };
        },
      });
      try {
        const res = await c.json('/api/account', { method: 'DELETE', json: { password } });
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(m.accountDeleted);
      } finally {
        server.deps.accountDeletion.pop();
      }
      expect(afterCommitRan).toBe(true);
      expect((await c.json('/api/me')).status).toBe(401);
      for (const table of [profiles, businessCustomers, session, account, creditLedger] as const) {
        expect(await db().select().from(table).where(eq(table.userId, userId))).toHaveLength(0);
      }
      expect(await db().select().from(user).where(eq(user.id, userId))).toHaveLength(0);
      expect(await db().select().from(verification).where(eq(verification.value, userId))).toHaveLength(0);
      expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(0);
      const anonymised = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, DELETED_RECIPIENT));
      expect(anonymised.length).toBeGreaterThanOrEqual(3);
      expect(anonymised.every((r) => r.html === '' && r.text === '' && r.userId === null)).toBe(true);
      expect(await db().select().from(securityEvents).where(eq(securityEvents.email, email))).toHaveLength(0);

      const signIn = await client().json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      expect(signIn.status).toBe(401);
      // the other user is untouched
      expect((await other.json('/api/me')).body.user.email).toBe(others.email);
    });

    it('a failure leaves everything intact and says so', async () => {
      const c = client();
      const { userId, password } = await signUpVerifiedUser(c, server.deps);
      server.deps.accountDeletion.push({
        name: 'failing-storage',
        prepare: async () => {
          throw new Error('storage unreachable');
        },
      });
      try {
        const res = await c.json('/api/account', { method: 'DELETE', json: { password } });
        expect(res.status).toBe(500);
        expect(res.body.error.message).toBe(m.accountDeleteFailed);
      } finally {
        server.deps.accountDeletion.pop();
      }
      expect(await db().select().from(user).where(eq(user.id, userId))).toHaveLength(1);
      expect(await db().select().from(profiles).where(eq(profiles.userId, userId))).toHaveLength(1);
      expect((await c.json('/api/me')).status).toBe(200);
      expect(await db().select().from(emailOutbox).where(eq(emailOutbox.userId, userId))).not.toHaveLength(0);
    });

    it('needs a session', async () => {
      expect((await client().json('/api/account', { method: 'DELETE', json: { password: 'correct-horse-1' } })).status).toBe(401);
    });

    it('asks for the password: a wrong or missing one deletes nothing and says why', async () => {
      const c = client();
      const { email, password, userId } = await signUpVerifiedUser(c, server.deps);
      const wrong = await c.json('/api/account', { method: 'DELETE', json: { password: `${password}x` } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(m.currentPasswordWrong);
      const missing = await c.json('/api/account', { method: 'DELETE' });
      expect(missing.status).toBe(400);
      const empty = await c.json('/api/account', { method: 'DELETE', json: { password: '' } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe(m.currentPasswordWrong);
      expect(await db().select().from(user).where(eq(user.id, userId))).toHaveLength(1);
      expect(await db().select().from(profiles).where(eq(profiles.userId, userId))).toHaveLength(1);
      expect((await c.json('/api/me')).body.user.email).toBe(email);
      const right = await c.json('/api/account', { method: 'DELETE', json: { password } });
      expect(right.status).toBe(200);
      expect(await db().select().from(user).where(eq(user.id, userId))).toHaveLength(0);
    });
  });

  describe('isolation: another user never sees or touches this user', () => {
    it('per endpoint', async () => {
      const alice = client();
      const bob = client();
      const a = await signUpVerifiedUser(alice, server.deps);
      const b = await signUpVerifiedUser(bob, server.deps);

      const meB = await bob.json('/api/me');
      expect(meB.body.user.id).toBe(b.userId);
      expect(JSON.stringify(meB.body)).not.toContain(a.email);

      const eventsB = await bob.json('/api/security-events');
      expect(eventsB.body.events.length).toBeGreaterThan(0);
      expect(JSON.stringify(eventsB.body)).not.toContain(a.userId);

      const sessionB = await bob.json('/api/auth/get-session');
      expect(sessionB.body.user.id).toBe(b.userId);
      const sessionsB = await bob.json('/api/profile/sessions');
      const bobsSessions = await db().select({ id: session.id }).from(session).where(eq(session.userId, b.userId));
      expect(sessionsB.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual(bobsSessions.map((s) => s.id).sort());

      expect((await bob.json('/api/account/sign-out?scope=global', { method: 'POST' })).status).toBe(200);
      expect((await alice.json('/api/me')).body.user.id).toBe(a.userId);

      const bob2 = client();
      await bob2.json('/api/auth/sign-in/email', { method: 'POST', json: { email: b.email, password: b.password } });
      expect((await bob2.json('/api/account', { method: 'DELETE', json: { password: b.password } })).status).toBe(200);
      expect((await alice.json('/api/me')).body.user.id).toBe(a.userId);
      expect(await db().select().from(profiles).where(eq(profiles.userId, a.userId))).toHaveLength(1);
    });
  });
});
