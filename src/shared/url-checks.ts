import { fill, messages } from './messages.js';

/**
 * seed 001 §7.4: the storage buckets. The seed made enhanced-images public; here every bucket is private (a file is
 * read through a short-lived signed URL, or a share link its owner made on purpose), so results under NDA stay closed.
 */
export const BUCKETS = ['enhanced-images', 'user-images', 'processed-images'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** seed 001 §7.4: path prefixes enhanced, originals and processed map to the buckets. */
const BUCKET_ALIASES: Record<string, Bucket> = {
  enhanced: 'enhanced-images',
  originals: 'user-images',
  processed: 'processed-images',
};

export const isBucket = (value: unknown): value is Bucket => typeof value === 'string' && (BUCKETS as readonly string[]).includes(value);

/** A bucket name or one of its aliases to the bucket; undefined otherwise. */
export function resolveBucket(value: string): Bucket | undefined {
  if (isBucket(value)) return value;
  return BUCKET_ALIASES[value];
}

/** Where the API serves stored files to holders of a signed URL (local storage). */
export const FILES_ROUTE_PREFIX = '/api/files/';

export type UrlCheck = { ok: true; kind: 'http' | 'files-route' | 'storage-path' | 'blob' } | { ok: false; message: string };

const MIN_URL_LENGTH = 5;

/**
 * seed 001 §5 and §8: a usable image URL is a string of at least 5 characters that is http(s), a path of the
 * API's files route, or a storage path starting with a known bucket or alias. blob: URLs are the browser's
 * local previews and pass too (seed 001 §5 keeps "http or blob").
 */
export function checkImageUrl(url: unknown): UrlCheck {
  if (url === null || url === undefined || url === '') return { ok: false, message: messages.urlEmpty };
  if (typeof url !== 'string') return { ok: false, message: messages.urlNotString };
  const value = url.trim();
  if (value.length === 0) return { ok: false, message: messages.urlEmpty };
  if (value.length < MIN_URL_LENGTH) return { ok: false, message: messages.urlTooShort };
  if (/^https?:\/\/[^\s/]+/i.test(value)) return { ok: true, kind: 'http' };
  if (/^blob:/i.test(value)) return { ok: true, kind: 'blob' };
  if (value.startsWith(FILES_ROUTE_PREFIX)) return { ok: true, kind: 'files-route' };
  const first = value.replace(/^\/+/, '').split('/')[0] ?? '';
  if (resolveBucket(first) && value.replace(/^\/+/, '').length > first.length + 1) return { ok: true, kind: 'storage-path' };
  return { ok: false, message: fill(messages.urlNotRecognized, { start: value.slice(0, 50) }) };
}

/**
 * The bucket and file path a URL points at, when it is one of ours: a files-route URL (absolute or not) or a
 * bucket-prefixed storage path. Used to refresh an expired signed URL.
 */
export function parseStorageUrl(url: string): { bucket: Bucket; filePath: string } | undefined {
  let pathname = url.trim();
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return undefined;
    }
  } else {
    pathname = pathname.split(/[?#]/)[0] ?? '';
  }
  if (pathname.startsWith(FILES_ROUTE_PREFIX)) pathname = pathname.slice(FILES_ROUTE_PREFIX.length);
  pathname = pathname.replace(/^\/+/, '');
  const slash = pathname.indexOf('/');
  if (slash <= 0) return undefined;
  const bucket = resolveBucket(pathname.slice(0, slash));
  let filePath: string;
  try {
    filePath = decodeURIComponent(pathname.slice(slash + 1));
  } catch {
    return undefined;
  }
  if (!bucket || filePath.length === 0) return undefined;
  return { bucket, filePath };
}
