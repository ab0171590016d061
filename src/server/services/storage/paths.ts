import { randomBytes, randomUUID } from 'node:crypto';
import { isSafeKey } from '@server/ports/storage.js';

/**
 * Object keys (seed 001 §7.4). Every key of a user starts with the user's id as its first folder: that is what
 * ownership checks and account deletion go by.
 */

export function assertUserFolder(userId: string): void {
  if (!isSafeKey(userId) || userId.includes('/')) throw new Error(`user id cannot be a storage folder: ${JSON.stringify(userId)}`);
}

/** The file name part of a key: the original name's stem, reduced to characters that are safe in any store and URL. */
export function safeStem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .replace(/_{2,}/g, '_')
    .slice(0, 80);
  return stem || 'image';
}

export const extensionFor = (format: string) => (format === 'jpeg' ? 'jpg' : format);

/** user-images/{userId}/{timestamp_random_name}; the extension is the real format's, whatever the name said. */
export function uploadKey(userId: string, originalName: string, format: string, now: Date): string {
  assertUserFolder(userId);
  return `${userId}/${now.getTime()}_${randomBytes(4).toString('hex')}_${safeStem(originalName)}.${extensionFor(format)}`;
}

/** user-images/{userId}/processed/{year-month}/{uuid}-{name}.{ext}: an object-removal result. */
export function processedKey(userId: string, originalName: string, format: string, now: Date): string {
  assertUserFolder(userId);
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${userId}/processed/${month}/${randomUUID()}-${safeStem(originalName)}.${extensionFor(format)}`;
}

/** The WebP thumbnail stored beside an upload: {userId}/thumbnails/{file name}.webp in the same bucket. */
export function thumbnailKeyFor(key: string): string {
  const slash = key.indexOf('/');
  const userId = key.slice(0, slash);
  const rest = key.slice(slash + 1);
  const dot = rest.lastIndexOf('.');
  return `${userId}/thumbnails/${(dot > 0 ? rest.slice(0, dot) : rest).replace(/\//g, '_')}.webp`;
}

/** The first folder of a key, which is its owner's id. */
export const ownerOfKey = (key: string): string => key.slice(0, Math.max(0, key.indexOf('/')));
