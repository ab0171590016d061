import type { Readable } from 'node:stream';
import type { Bucket } from '@shared/url-checks.js';

export type { Bucket };

/**
 * The storage port: buckets of immutable objects addressed by key. Implementations: local disk (single machine,
 * URLs served by the API) and any S3-compatible store (presigned URLs). Services import this, never an adapter.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores an object. Without `overwrite` an existing key is an error (seed 001 §7.4: uploads never overwrite). */
  put(bucket: Bucket, key: string, body: Buffer | Uint8Array | Readable, opts: PutOptions): Promise<ObjectInfo>;
  /** The object's bytes, or the inclusive byte range asked for; null when it does not exist. */
  get(bucket: Bucket, key: string, opts?: { range?: ByteRange }): Promise<StoredObject | null>;
  head(bucket: Bucket, key: string): Promise<ObjectInfo | null>;
  /** Removing a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Removes every object under a folder prefix (ending in '/'); returns how many were removed. */
  deletePrefix(bucket: Bucket, prefix: string): Promise<number>;
  /** A URL anyone holding it may GET until it expires. */
  signUrl(bucket: Bucket, key: string, expiresInSeconds: number): Promise<SignedUrl>;
  /** Checks the exp/sig query of a URL this storage signed for the API's files route. */
  verifyFileUrl(bucket: Bucket, key: string, exp: string | undefined, sig: string | undefined): 'ok' | 'expired' | 'invalid';
}

export interface PutOptions {
  contentType: string;
  /** seed 001 §7.4 uploads with cache control 3600 */
  cacheControl?: string;
  overwrite?: boolean;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** Present when a range was asked for; `size` stays the whole object's size. */
  range?: ByteRange;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'StorageKeyError';
  }
}

export class ObjectExistsError extends Error {
  constructor(bucket: string, key: string) {
    super(`Object already exists: ${bucket}/${key}`);
    this.name = 'ObjectExistsError';
  }
}

const MAX_KEY_LENGTH = 1024;

/**
 * Keys are relative, '/'-separated, with no empty, '.' or '..' segments and no control characters or
 * backslashes: the local adapter maps them onto the file system, so this is what keeps a request path from
 * leaving its bucket.
 */
export function isSafeKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split('/').every((seg) => seg.length > 0 && seg !== '.' && seg !== '..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new StorageKeyError(key);
}

/** A folder prefix: a safe key followed by '/'. */
export function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isSafeKey(prefix.slice(0, -1))) throw new StorageKeyError(prefix);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  json: 'application/json',
};

/** Content type by extension; every key we write ends in the extension of its real format. */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Encodes each segment of a key for a URL path, keeping the slashes. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
