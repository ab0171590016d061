import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '@server/deps.js';
import type { Config } from '@server/config.js';
import { resolveAuthSecret } from '@server/auth-secret.js';
import { AppError } from '@server/errors.js';
import { messages } from '@shared/messages.js';
import { setNotificationPreferences } from './user-notifications.js';

/** The path of the one-click endpoint (RFC 8058) and of the confirmation page the e-mail's link opens. */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const secrets = new WeakMap<Config, string>();
function secretOf(config: Config): string {
  let secret = secrets.get(config);
  if (!secret) {
    secret = resolveAuthSecret(config);
    secrets.set(config, secret);
  }
  return secret;
}

// the purpose is signed too, so a signature made for anything else never reads as an unsubscribe token
const signature = (config: Config, userId: string) => createHmac('sha256', secretOf(config)).update(`unsubscribe:${userId}`).digest('base64url');

/**
 * A token that only ever turns a user's optional e-mail off: the user id and its HMAC with AUTH_SECRET. It does not
 * expire (an old announcement's link must still work, as mail clients expect) and grants nothing else.
 */
export function unsubscribeToken(config: Config, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(config, userId)}`;
}

/** The user id a token was made for, or null when it was not made by this server. */
export function verifyUnsubscribeToken(config: Config, token: string): string | null {
  const [id, sig] = token.split('.');
  if (!id || !sig || token.split('.').length !== 2) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(config, userId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The link an e-mail shows and the headers that let a mail client unsubscribe with one click (RFC 2369, RFC 8058). */
export function unsubscribeFor(config: Config, baseUrl: string, userId: string): { url: string; headers: Record<string, string> } {
  const url = `${baseUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(config, userId))}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** Turns the user's optional e-mail off (the Settings master switch); a token this server did not sign changes nothing. */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string): Promise<void> {
  const userId = verifyUnsubscribeToken(deps.config, token);
  if (!userId) throw new AppError('INVALID_UNSUBSCRIBE_TOKEN', 400, messages.unsubscribeInvalid);
  try {
    await setNotificationPreferences(deps, userId, { email_notifications: false });
  } catch (err) {
    // the account was deleted since the mail went out: nothing is sent to it any more
    if (err instanceof AppError && err.status === 404) return;
    throw err;
  }
}
