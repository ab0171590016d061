import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.js';
import { emailOutbox } from '../db/schema.js';
import type { TestClient } from './test-server.js';

let counter = 0;

/** A complete, valid sign-up body (seed 000 §3) with a fresh address; override any part. */
export function signupBody(overrides: { email?: string; password?: string; metadata?: Record<string, unknown>; terms?: boolean } = {}) {
  counter++;
  return {
    email: overrides.email ?? `user${Date.now().toString(36)}${counter}@example.com`,
    password: overrides.password ?? 'correct-horse-1',
    terms_accepted: overrides.terms ?? true,
    user_metadata: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'DE',
      is_business: false,
      marketing_opt_in: false,
      ...overrides.metadata,
    },
  };
}

/** The newest outbox message to this address (optionally of one template). */
export async function latestMail(deps: Pick<Deps, 'db'>, to: string, template?: string) {
  const [row] = await deps.db
    .select()
    .from(emailOutbox)
    .where(template ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)) : eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

/** The newest mail to `to` once it has been sent: mails asked for by public forms go out after the answer. */
export async function waitForMail(deps: Pick<Deps, 'db'>, to: string, template: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await latestMail(deps, to, template);
    if (row) return row;
    if (Date.now() > until) throw new Error(`no ${template} mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 16-character verification code as the e-mail shows it (XXXX-XXXX-XXXX-XXXX), without dashes. */
export function verificationCodeFrom(text: string): string {
  const m = text.match(/\b([A-Z0-9]{4})-([A-Z0-9]{4})-([A-Z0-9]{4})-([A-Z0-9]{4})\b/);
  if (!m) throw new Error('no verification code in mail');
  return m.slice(1).join('');
}

export function resetCodeFrom(text: string): string {
  const m = text.match(/\/reset-password\/([A-Z0-9]{6})\b/);
  if (!m) throw new Error('no reset code in mail');
  return m[1];
}

/** Signs up through the API, verifies with the mailed code, and signs in: a browser with a live session. */
export async function signUpVerifiedUser(client: TestClient, deps: Pick<Deps, 'db'>, overrides: Parameters<typeof signupBody>[0] = {}) {
  const body = signupBody(overrides);
  const signup = await client.json('/api/accounts/signup', { method: 'POST', json: body });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const mail = await latestMail(deps, body.email, 'verification');
  const verify = await client.json('/api/accounts/verify-email', { method: 'POST', json: { token: verificationCodeFrom(mail.text) } });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${JSON.stringify(verify.body)}`);
  const signIn = await client.json('/api/auth/sign-in/email', { method: 'POST', json: { email: body.email, password: body.password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return { email: body.email, password: body.password, userId: signup.body.user.id as string };
}
