import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets the server hands out once (worker tokens, API keys): random, recognisable by their prefix, and kept
 * only as their SHA-256 — a leaked database holds nothing that authenticates.
 */
export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret with its hash and the first characters shown to tell secrets apart. */
export function newSecretToken(prefix: string, visibleChars = prefix.length + 6): { token: string; hash: string; visible: string } {
  const token = `${prefix}${randomBytes(24).toString('base64url')}`;
  return { token, hash: hashSecretToken(token), visible: token.slice(0, visibleChars) };
}
