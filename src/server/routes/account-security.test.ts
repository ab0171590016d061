import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { startServerMailingOverSmtp, type TestSmtpServer } from '../testing/smtp-server.js';
import { latestMail, signUpVerifiedUser } from '../testing/accounts.js';
import { secretFromOtpauth, totp } from '../testing/totp.js';
import { emailOutbox } from '../db/schema.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { BACKUP_CODE_COUNT } from '@shared/accounts/schemas.js';
import type { Deps } from '../deps.js';
import { DELETED_RECIPIENT } from '../services/accounts/delete-account.js';

/** Turns two-factor on for a signed-in browser; returns the TOTP secret and the backup codes shown at set-up. */
async function enrol(client: TestClient, password: string) {
  const enable = await client.json('/api/auth/two-factor/enable', { method: 'POST', json: { password } });
  expect(enable.status).toBe(200);
  const secret = secretFromOtpauth(enable.body.totpURI);
  expect((await client.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secret) } })).status).toBe(200);
  return { secret, backupCodes: enable.body.backupCodes as string[] };
}

/** A fresh browser past the password step, waiting for its second factor. */
async function pendingSecondFactor(url: string, email: string, password: string) {
  const browser = new TestClient(url);
  const first = await browser.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  expect(first.status).toBe(200);
  expect(first.body.twoFactorRedirect).toBe(true);
  return browser;
}

async function mailsOf(deps: Pick<Deps, 'db'>, to: string, template: string) {
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
}

describe.each(backends)('account security (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_IN: '1000/60', RATE_LIMIT_SIGN_UP: '1000/60', RATE_LIMIT_TWO_FACTOR: '1000/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('signs in with a backup code once; the same code is refused after; the remaining count goes down', async () => {
    const owner = new TestClient(server.url);
    const { email, password, userId } = await signUpVerifiedUser(owner, server.deps);
    const { backupCodes } = await enrol(owner, password);
    expect(backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect((await owner.json('/api/account/two-factor/backup-codes')).body).toEqual({ remaining: BACKUP_CODE_COUNT });

    const lostPhone = await pendingSecondFactor(server.url, email, password);
    const used = await lostPhone.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: backupCodes[0] } });
    expect(used.status).toBe(200);
    const me = await lostPhone.json('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(userId);
    expect((await lostPhone.json('/api/account/two-factor/backup-codes')).body).toEqual({ remaining: BACKUP_CODE_COUNT - 1 });

    const again = await pendingSecondFactor(server.url, email, password);
    const replay = await again.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: backupCodes[0] } });
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toBe(m.backupCodeInvalid);
    expect((await again.json('/api/me')).status).toBe(401);
    // another unused code still works for that browser
    expect((await again.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: backupCodes[1] } })).status).toBe(200);
    expect((await again.json('/api/me')).status).toBe(200);
  });

  it('regenerating backup codes needs the password, shows new codes, and the old ones stop working', async () => {
    const owner = new TestClient(server.url);
    const { email, password } = await signUpVerifiedUser(owner, server.deps);
    const { backupCodes: old } = await enrol(owner, password);

    const wrong = await owner.json('/api/account/two-factor/backup-codes', { method: 'POST', json: { password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(m.currentPasswordWrong);
    expect((await owner.json('/api/account/two-factor/backup-codes', { method: 'POST', json: {} })).status).toBe(400);
    expect(await mailsOf(server.deps, email, 'backup-codes-regenerated')).toHaveLength(0);
    // better-auth's own endpoint would skip the notice: it is closed
    expect((await owner.json('/api/auth/two-factor/generate-backup-codes', { method: 'POST', json: { password } })).status).toBe(404);

    const fresh = await owner.json('/api/account/two-factor/backup-codes', { method: 'POST', json: { password } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(fresh.body.backupCodes.some((c: string) => old.includes(c))).toBe(false);
    expect((await owner.json('/api/account/two-factor/backup-codes')).body).toEqual({ remaining: BACKUP_CODE_COUNT });

    const withOld = await pendingSecondFactor(server.url, email, password);
    expect((await withOld.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: old[2] } })).status).toBe(401);
    const withNew = await pendingSecondFactor(server.url, email, password);
    expect((await withNew.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: fresh.body.backupCodes[0] } })).status).toBe(200);

    const mail = await latestMail(server.deps, email, 'backup-codes-regenerated');
    expect(mail.subject).toBe(m.emailBackupCodesRegeneratedSubject.replace('{site}', 'Renderlift'));
    // the notice tells of the change, never the codes
    for (const code of fresh.body.backupCodes) expect(mail.text).not.toContain(code);
  });

  it('changes the password: a wrong current password is refused, the new one signs in and the old one does not', async () => {
    const owner = new TestClient(server.url);
    const { email, password } = await signUpVerifiedUser(owner, server.deps);
    const laptop = new TestClient(server.url);
    expect((await laptop.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(200);

    const wrong = await owner.json('/api/account/password', { method: 'POST', json: { currentPassword: 'not-my-password', newPassword: 'second-password-2' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(m.currentPasswordWrong);
    const short = await owner.json('/api/account/password', { method: 'POST', json: { currentPassword: password, newPassword: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(m.passwordTooShort);
    expect(await mailsOf(server.deps, email, 'password-changed')).toHaveLength(0);
    // better-auth's own endpoint would skip the shared rules and the notice: it is closed
    expect(
      (await owner.json('/api/auth/change-password', { method: 'POST', json: { currentPassword: password, newPassword: 'second-password-2' } })).status,
    ).toBe(404);
    expect(
      (await new TestClient(server.url).json('/api/account/password', { method: 'POST', json: { currentPassword: password, newPassword: 'x-password-9' } }))
        .status,
    ).toBe(401);

    const changed = await owner.json('/api/account/password', { method: 'POST', json: { currentPassword: password, newPassword: 'second-password-2' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, message: m.passwordChanged });
    // not asked to: the other device stays signed in, and so does this one
    expect((await laptop.json('/api/me')).status).toBe(200);
    expect((await owner.json('/api/me')).status).toBe(200);

    expect((await new TestClient(server.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(401);
    expect((await new TestClient(server.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'second-password-2' } })).status).toBe(
      200,
    );
    const mail = await latestMail(server.deps, email, 'password-changed');
    expect(mail.subject).toBe(m.emailPasswordChangedSubject.replace('{site}', 'Renderlift'));
    expect(mail.text).not.toContain('second-password-2');
  });

  it('changing the password signs out the other devices when asked', async () => {
    const owner = new TestClient(server.url);
    const { email, password } = await signUpVerifiedUser(owner, server.deps);
    const laptop = new TestClient(server.url);
    expect((await laptop.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(200);

    const changed = await owner.json('/api/account/password', {
      method: 'POST',
      json: { currentPassword: password, newPassword: 'third-password-3', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await laptop.json('/api/me')).status).toBe(401);
    expect((await owner.json('/api/me')).status).toBe(200);
    expect(await mailsOf(server.deps, email, 'password-changed')).toHaveLength(1);
  });

  it('mails the owner when two-factor is turned on and off, and when the account is deleted', async () => {
    const owner = new TestClient(server.url);
    const { email, password } = await signUpVerifiedUser(owner, server.deps);
    const { secret } = await enrol(owner, password);
    expect(await mailsOf(server.deps, email, 'two-factor-enabled')).toHaveLength(1);
    expect((await latestMail(server.deps, email, 'two-factor-enabled')).subject).toBe(m.emailTwoFactorEnabledSubject.replace('{site}', 'Renderlift'));

    // a sign-in's code is not a change: no second notice
    const phone = await pendingSecondFactor(server.url, email, password);
    expect((await phone.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secret, Date.now() + 30_000) } })).status).toBe(200);
    expect(await mailsOf(server.deps, email, 'two-factor-enabled')).toHaveLength(1);

    expect((await phone.json('/api/auth/two-factor/disable', { method: 'POST', json: { password: 'not-my-password' } })).status).toBe(400);
    expect(await mailsOf(server.deps, email, 'two-factor-disabled')).toHaveLength(0);
    expect((await phone.json('/api/auth/two-factor/disable', { method: 'POST', json: { password } })).status).toBe(200);
    expect(await mailsOf(server.deps, email, 'two-factor-disabled')).toHaveLength(1);

    expect((await owner.json('/api/account', { method: 'DELETE', json: { password } })).status).toBe(200);
    // the goodbye is written after the deletion and, once handed over, anonymised like every mail of the account
    expect(await mailsOf(server.deps, email, 'account-deleted')).toHaveLength(0);
    const gone = await mailsOf(server.deps, DELETED_RECIPIENT, 'account-deleted');
    expect(gone.some((row) => row.subject === m.emailAccountDeletedSubject.replace('{site}', 'Renderlift') && row.text === '')).toBe(true);
    expect(await mailsOf(server.deps, email, 'two-factor-enabled')).toHaveLength(0);
  });
});

describe('backup codes are limited like the TOTP step', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SIGN_IN: '1000/60', RATE_LIMIT_SIGN_UP: '1000/60', RATE_LIMIT_TWO_FACTOR: '2/60' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the third backup-code attempt within the window is answered 429', async () => {
    const owner = new TestClient(server.url);
    const { email, password } = await signUpVerifiedUser(owner, server.deps);
    const enable = await owner.json('/api/auth/two-factor/enable', { method: 'POST', json: { password } });
    const secret = secretFromOtpauth(enable.body.totpURI);
    expect((await owner.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp(secret) } })).status).toBe(200);

    const guesser = await pendingSecondFactor(server.url, email, password);
    for (let i = 0; i < 2; i++) {
      expect((await guesser.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: `AAAAA-BBBB${i}` } })).status).toBe(401);
    }
    const limited = await guesser.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: enable.body.backupCodes[0] } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(m.twoFactorTooMany);
  });
});

describe('account deleted notice over SMTP', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startServerMailingOverSmtp());
  });
  afterAll(() => stop?.());

  it('reaches the owner’s address after the deletion, and the outbox keeps no trace of it', async () => {
    const owner = new TestClient(server.url);
    const { email, password } = await signUpVerifiedUser(owner, server.deps);
    expect((await owner.json('/api/account', { method: 'DELETE', json: { password } })).status).toBe(200);
    const mail = smtp.received.find((r) => r.to.includes(email) && r.raw.includes(m.emailAccountDeletedSubject.replace('{site}', 'Renderlift')));
    expect(mail).toBeDefined();
    const rows = await server.deps.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'account-deleted'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toAddress: DELETED_RECIPIENT, status: 'sent', text: '', html: '' });
  });
});
