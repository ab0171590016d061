import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { CLIENT_IP_HEADER } from '../auth/auth.js';
import { clientIp } from '../auth/client-ip.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { findUserIdByEmail, recordSecurityEvent } from '../services/security/record-security-event.js';
import { pendingTwoFactorUserId } from '../services/security/pending-two-factor.js';
import { beginSignInAttempt } from '../services/security/sign-in-lock.js';
import { beginTwoFactorChange } from '../services/accounts/security-notices.js';

// better-auth flows replaced by ours (routes/account.ts): their doors stay shut so nobody goes around our rules.
// Its generic admin endpoints (remove user, ban, set role, impersonate, …) too: the admin panel's own routes
// (routes/admin.ts) audit every action, and removing an account goes through account deletion (files, subscription, ledger).
const CLOSED = [
  /^\/sign-up\//,
  /^\/request-password-reset$/,
  /^\/forget-password/,
  /^\/reset-password/,
  /^\/send-verification-email$/,
  /^\/verify-email$/,
  /^\/delete-user/,
  /^\/change-email$/,
  /^\/admin\//,
  // the profile routes own name and picture, with the profile form's limits and a stored, checked image
  /^\/update-user\/?$/,
  // every session's token, readable by page scripts; the app lists devices without them (GET /api/profile/sessions)
  /^\/list-sessions\/?$/,
  // POST /api/account/password and /api/account/two-factor/backup-codes: the sign-up password rules, a per-account
  // limit on password attempts, and the notice mailed to the owner
  /^\/change-password\/?$/,
  /^\/two-factor\/generate-backup-codes\/?$/,
];

/**
 * A session token is the cookie's secret: the cookie is HttpOnly so that page scripts never hold it, and better-auth
 * also puts it in its JSON answers (sign-in, two-factor verification, get-session). The app never reads it there.
 */
function withoutSessionTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return rest;
}

function translateMessage(path: string, status: number, code: string | undefined, message: string | undefined): string {
  if (status === 429) return path.startsWith('/two-factor/') ? m.twoFactorTooMany : path.startsWith('/sign-in/') ? m.signInTooMany : m.tooManyRequests;
  if (code === 'EMAIL_NOT_VERIFIED') return m.signInUnverified;
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return m.signInInvalid;
  if (code === 'INVALID_CODE' || code === 'INVALID_TWO_FACTOR_COOKIE') return m.twoFactorInvalid;
  if (code === 'INVALID_BACKUP_CODE') return m.backupCodeInvalid;
  return message || 'Request failed';
}

async function signInAttemptFor(deps: AppEnv['Variables']['deps'], bodyText: string | undefined) {
  let email: unknown;
  try {
    email = JSON.parse(bodyText ?? '{}')?.email;
  } catch {
    /* malformed body: better-auth answers 400 */
  }
  return typeof email === 'string' && email.trim() ? beginSignInAttempt(deps, email) : null;
}

async function readJson(res: Response): Promise<any> {
  try {
    return await res.clone().json();
  } catch {
    return null;
  }
}

/**
 * /api/auth/*: better-auth's handler, given the client address we resolved (for its database-backed rate limiter),
 * answering errors in our { error: { code, message } } shape, and recording sign-ins as security events.
 */
export const authRoute = new Hono<AppEnv>().all('/*', async (c) => {
  const deps = c.var.deps;
  const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '') || '/';
  if (CLOSED.some((re) => re.test(path))) {
    return c.json({ error: { code: 'NOT_FOUND', message: `No API route for ${c.req.method} /api/auth${path}` } }, 404);
  }

  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientIp(c, deps.config.TRUST_PROXY);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const method = c.req.method;
  const bodyText = method === 'GET' || method === 'HEAD' ? undefined : await c.req.text();
  // the per-account limit: refused with 429 while the address's sign-in is locked, counted when the password is wrong
  const attempt = method === 'POST' && path === '/sign-in/email' ? await signInAttemptFor(deps, bodyText) : null;
  // turning two-factor on or off mails the owner once it has succeeded
  const twoFactorChange = method === 'POST' ? await beginTwoFactorChange(deps, path, headers) : null;
  const secondFactor = method === 'POST' && /^\/two-factor\/verify-(totp|backup-code)$/.test(path);
  // whose code this is, read before a right one consumes the pending sign-in
  const pendingUserId = secondFactor ? await pendingTwoFactorUserId(deps, c.req.header('cookie') ?? null) : null;
  const res = await deps.auth.handler(new Request(c.req.url, { method, headers, body: bodyText }));
  await attempt?.settle(res.status);
  await twoFactorChange?.settle(res.status);

  const signingIn = method === 'POST' && path === '/sign-in/email';
  if (signingIn || secondFactor) {
    let email: string | null = null;
    try {
      email = signingIn ? String(JSON.parse(bodyText ?? '{}').email ?? '').toLowerCase() || null : null;
    } catch {
      /* malformed body: better-auth answered 400 */
    }
    const body = res.ok ? await readJson(res) : null;
    // a pending second factor answers without the user; the address names them
    // a second factor names its user by the pending sign-in (or the session, when two-factor is being turned on)
    const userId: string | null =
      body?.user?.id ?? pendingUserId ?? c.var.user?.id ?? (body?.twoFactorRedirect && email ? await findUserIdByEmail(deps, email) : null);
    await recordSecurityEvent(deps, {
      userId,
      email: email ?? body?.user?.email ?? null,
      action: signingIn ? 'sign_in' : 'two_factor_verify',
      resource: 'auth',
      // seed 000 §4: a successful sign-in records a success event; a pending second factor is not a sign-in yet
      status: !res.ok ? 'failure' : body?.twoFactorRedirect ? 'info' : 'success',
      details: { status: res.status, ...(body?.twoFactorRedirect ? { two_factor_required: true } : {}) },
      ipAddress: ip,
      userAgent: c.req.header('user-agent') ?? null,
    });
  }

  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  if (res.ok) {
    const body = await readJson(res);
    if (!body || typeof body !== 'object') return res;
    const out = new Headers(res.headers);
    out.delete('content-length');
    return new Response(JSON.stringify(withoutSessionTokens(body)), { status: res.status, headers: out });
  }
  const err = await readJson(res);
  const code: string | undefined = err?.code ?? (res.status === 429 ? 'RATE_LIMITED' : undefined);
  const out = new Headers(res.headers);
  out.delete('content-length');
  const retryAfter = res.headers.get('x-retry-after');
  if (retryAfter) out.set('retry-after', retryAfter);
  return new Response(
    JSON.stringify({
      error: {
        code: code ?? 'AUTH_ERROR',
        message: translateMessage(path, res.status, code, err?.message),
        ...(retryAfter ? { details: { retryAfter: Number(retryAfter) } } : {}),
      },
    }),
    { status: res.status, headers: out },
  );
});
