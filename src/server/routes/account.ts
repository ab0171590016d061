import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { AppError, unauthorized } from '../errors.js';
import { clientIp } from '../auth/client-ip.js';
import { getSessionFromHeaders } from '../auth/session-user.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { contract, type RouteContract } from '../http/contract.js';
import { SuccessMessage } from '@shared/api/common.js';
import {
  BackupCodesResponse,
  BackupCodesStatusResponse,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  RegenerateBackupCodesRequest,
  MessageResponse,
  ResendResponse,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SentResponse,
  SignOutQuery,
  SignOutResponse,
  SignupRequest,
  SignupResponse,
  ValidateVatRequest,
  VatCheckResponse,
  VerifyEmailRequest,
} from '@shared/api/account.js';
import { checkVatId } from '@shared/accounts/vat.js';
import { enforceRateLimit } from '../services/security/rate-limit.js';
import { recordSecurityEvent } from '../services/security/record-security-event.js';
import { signUp } from '../services/accounts/sign-up.js';
import { verifyEmail } from '../services/accounts/verify-email.js';
import { resendVerification } from '../services/accounts/resend-verification.js';
import { enqueuePasswordReset } from '../services/accounts/request-password-reset.js';
import { resetPassword } from '../services/accounts/reset-password.js';
import { deleteOwnAccount } from '../services/accounts/delete-account.js';
import { deviceName } from '@shared/user-agent.js';
import { endSessions } from '../services/accounts/sign-out.js';
import { changePassword } from '../services/accounts/change-password.js';
import { countBackupCodes, regenerateBackupCodes } from '../services/accounts/backup-codes.js';

const doc = (summary: string, access: RouteContract['access'], responses: RouteContract['responses']) =>
  contract({ summary, tag: 'account', access, responses });

const ipOf = (c: Context<AppEnv, any, any>) => clientIp(c, c.var.deps.config.TRUST_PROXY) ?? 'unknown';

/** /api/accounts: the signed-out flows (sign-up, verification, password reset, VAT check). */
export const accountsRoute = new Hono<AppEnv>()
  .post('/signup', async (c, next) => {
    // counted before validation: malformed floods are attempts too
    await enforceRateLimit(c.var.deps, `signup:${ipOf(c)}`, c.var.deps.config.RATE_LIMIT_SIGN_UP, m.signupTooMany);
    await next();
  })
  .post('/signup', doc('Create an account (a verification e-mail follows)', 'public', { 201: SignupResponse }), validate('json', SignupRequest), async (c) => {
    const result = await signUp(c.var.deps, c.req.valid('json'));
    await recordSecurityEvent(c.var.deps, {
      userId: result.userId,
      email: result.email,
      action: 'sign_up',
      resource: 'auth',
      status: 'success',
      ipAddress: ipOf(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    return c.json(
      {
        user: { id: result.userId, email: result.email },
        verification_email_sent: result.verificationEmailSent,
        ...(result.verificationEmailSent ? {} : { warning: m.signupMailFailed }),
      },
      201,
    );
  })
  .post(
    '/validate-vat',
    doc('Check a VAT ID’s format and checksum for a country', 'public', { 200: VatCheckResponse }),
    validate('json', ValidateVatRequest),
    async (c) => {
      const { vatId, countryCode } = c.req.valid('json');
      const r = checkVatId(vatId, countryCode);
      return c.json({ valid: r.valid, vat_id: r.normalized });
    },
  )
  // no rate limit of its own: a 16-character code from 32 symbols (80 bits) is not guessable by trying
  .post(
    '/verify-email',
    doc('Verify an e-mail address by link token or by code', 'public', { 200: MessageResponse }),
    validate('json', VerifyEmailRequest),
    async (c) => {
      const { userId } = await verifyEmail(c.var.deps, c.req.valid('json'));
      await recordSecurityEvent(c.var.deps, {
        userId,
        action: 'email_verified',
        resource: 'auth',
        status: 'success',
        ipAddress: ipOf(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
      // seed 001 §7.5: a message field means success
      return c.json({ message: m.verificationSuccess });
    },
  )
  .post(
    '/resend-verification',
    doc('Send the verification e-mail again', 'public', { 200: ResendResponse }),
    validate('json', ResendVerificationRequest),
    async (c) => {
      await enforceRateLimit(c.var.deps, `resend:${ipOf(c)}`, c.var.deps.config.RATE_LIMIT_RESEND, m.resendIpLimit);
      await resendVerification(c.var.deps, c.req.valid('json').email);
      return c.json({ sent: true, cooldown_seconds: c.var.deps.config.RESEND_COOLDOWN_SECONDS });
    },
  )
  .post('/forgot-password', doc('Send a password reset code', 'public', { 200: SentResponse }), validate('json', ForgotPasswordRequest), async (c) => {
    await enforceRateLimit(c.var.deps, `forgot-password:${ipOf(c)}`, c.var.deps.config.RATE_LIMIT_PASSWORD_RESET, m.resetTooMany);
    // the mail goes out after the answer: a known and an unknown address get the same answer in the same time
    await enqueuePasswordReset(c.var.deps, c.req.valid('json').email);
    return c.json({ sent: true });
  })
  .post(
    '/reset-password',
    doc('Set a new password with a reset code', 'public', { 200: SuccessMessage }),
    validate('json', ResetPasswordRequest),
    async (c) => {
      await enforceRateLimit(c.var.deps, `reset-password:${ipOf(c)}`, c.var.deps.config.RATE_LIMIT_PASSWORD_RESET, m.resetTooMany);
      const { token, newPassword } = c.req.valid('json');
      const { userId, email } = await resetPassword(c.var.deps, token, newPassword);
      await recordSecurityEvent(c.var.deps, {
        userId,
        email,
        action: 'password_reset',
        resource: 'auth',
        status: 'success',
        ipAddress: ipOf(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return c.json({ success: true, message: m.resetSuccess });
    },
  );

/** /api/account: the signed-in user's own account. */
export const accountRoute = new Hono<AppEnv>()
  .post('/sign-out', doc('Sign out this device, the others, or all', 'user', { 200: SignOutResponse }), validate('query', SignOutQuery), async (c) => {
    const deps = c.var.deps;
    const current = await getSessionFromHeaders(deps.auth, c.req.raw.headers);
    // seed 001 §7.7: the client treats 401 as success, so a missing session is not an error it shows
    if (!current) throw unauthorized();
    const { scope } = c.req.valid('query');
    const { clearCookie, ended } = await endSessions(deps, current.user.id, current.sessionId, scope);
    await recordSecurityEvent(deps, {
      userId: current.user.id,
      action: 'sign_out',
      resource: 'auth',
      status: 'success',
      // the devices whose sessions ended, named as the device list names them; the event's own agent is the one asking
      details: { scope, devices: ended.map((e) => deviceName(e.userAgent)) },
      ipAddress: ipOf(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    if (!clearCookie) return c.json({ success: true, scope });
    const { headers } = await deps.auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return c.json({ success: true, scope });
  })
  .post(
    '/password',
    doc('Change the password (the current one required); optionally sign out the other devices', 'user', { 200: SuccessMessage }),
    validate('json', ChangePasswordRequest),
    async (c) => {
      const deps = c.var.deps;
      const current = await getSessionFromHeaders(deps.auth, c.req.raw.headers);
      if (!current) throw unauthorized();
      const req = c.req.valid('json');
      await changePassword(deps, { userId: current.user.id, sessionId: current.sessionId }, req);
      await recordSecurityEvent(deps, {
        userId: current.user.id,
        action: 'password_change',
        resource: 'auth',
        status: 'success',
        details: { revoke_other_sessions: req.revokeOtherSessions },
        ipAddress: ipOf(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return c.json({ success: true, message: m.passwordChanged });
    },
  )
  .get('/two-factor/backup-codes', doc('How many two-factor backup codes are left', 'user', { 200: BackupCodesStatusResponse }), async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    return c.json({ remaining: await countBackupCodes(c.var.deps, user.id) });
  })
  .post(
    '/two-factor/backup-codes',
    doc('Replace the two-factor backup codes (the password required); the old ones stop working', 'user', { 200: BackupCodesResponse }),
    validate('json', RegenerateBackupCodesRequest),
    async (c) => {
      const user = c.var.user;
      if (!user) throw unauthorized();
      const backupCodes = await regenerateBackupCodes(c.var.deps, { userId: user.id, headers: c.req.raw.headers }, c.req.valid('json').password);
      await recordSecurityEvent(c.var.deps, {
        userId: user.id,
        action: 'backup_codes_regenerated',
        resource: 'auth',
        status: 'success',
        ipAddress: ipOf(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return c.json({ backupCodes });
    },
  )
  .delete(
    '/',
    doc('Delete the account and everything it holds (the password required)', 'user', { 200: SuccessMessage }),
    validate('json', DeleteAccountRequest),
    async (c) => {
      const deps = c.var.deps;
      const user = c.var.user;
      if (!user) throw unauthorized();
      try {
        await deleteOwnAccount(deps, { userId: user.id, password: c.req.valid('json').password });
      } catch (err) {
        // a wrong password (or too many of them) is the user's to correct: nothing was deleted
        if (err instanceof AppError && err.status < 500) throw err;
        c.var.log.error({ err, userId: user.id }, 'account deletion failed');
        throw new AppError('DELETE_FAILED', 500, m.accountDeleteFailed);
      }
      // the sessions went with the user; what is left is this browser's cookie
      const { headers } = await deps.auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
      return c.json({ success: true, message: m.accountDeleted });
    },
  );
