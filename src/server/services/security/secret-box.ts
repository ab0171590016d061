import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (webhook signing secrets: it signs with them), kept encrypted at rest with
 * AES-256-GCM under a key derived from AUTH_SECRET. A database copy alone holds nothing usable; a changed AUTH_SECRET
 * makes them unreadable (the endpoint's owner then rotates its secret).
 */
const VERSION = 'v1';

const keyFor = (authSecret: string, purpose: string) => Buffer.from(hkdfSync('sha256', authSecret, 'renderlift secret box', purpose, 32));

export function sealSecret(authSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(authSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the sealed text was not made with this secret and purpose (or was altered). */
export function openSecret(authSecret: string, purpose: string, sealed: string): string {
  const [version, data] = sealed.split(':');
  if (version !== VERSION || !data) throw new Error('unknown sealed secret format');
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(authSecret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
