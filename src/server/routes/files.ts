import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.js';
import { AppError, notFound } from '../errors.js';
import { isSafeKey, type Bucket, type ObjectInfo, type Storage } from '../ports/storage.js';
import { FILES_ROUTE_PREFIX, isBucket } from '@shared/url-checks.js';
import { storageMessages } from '@shared/storage-messages.js';
import { contract, type RouteContract } from '../http/contract.js';
import { FileQuery } from '@shared/api/files.js';
import { validate } from '../http/validate.js';

/**
 * A single "bytes=" range against an object of `size` bytes (RFC 9110 §14.1.2). Undefined means "send the
 * whole object" (no header, several ranges, or a header we do not understand); 'unsatisfiable' means 416.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || (m[2] !== '' && Number(m[2]) < start)) return 'unsatisfiable';
  return { start, end };
}

/** The object key from the raw request path, each segment decoded on its own so '%2F' cannot add a folder. */
function keyFromPath(pathname: string, bucket: string): string | undefined {
  const rest = pathname.slice(FILES_ROUTE_PREFIX.length + bucket.length + 1);
  try {
    const segments = rest.split('/').map((s) => decodeURIComponent(s));
    if (segments.some((s) => s.includes('/'))) return undefined;
    const key = segments.join('/');
    return isSafeKey(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET and HEAD /api/files/{bucket}/{key}?exp=&sig=: stored files for the browser. Every bucket needs a signature this
 * server made that has not expired, whoever asks, because an <img> carries no session; results are no exception (the
 * seed's public enhanced-images bucket would leave a studio's renders readable by anyone holding the address, for
 * ever). Content type, length, ETag, conditional GET and single ranges, so large renders can be streamed and resumed.
 */
const fileContract: RouteContract = {
  summary: 'A stored file, by a signed URL',
  tag: 'files',
  access: 'public',
  responses: storedFileResponses('*/*', 'The file'),
};

export const files = new Hono<AppEnv>().on(['GET', 'HEAD'], '/:bucket/*', contract(fileContract), validate('query', FileQuery), async (c) => {
  const { storage } = c.var.deps;
  const bucket = c.req.param('bucket');
  const pathname = new URL(c.req.url).pathname;
  if (!isBucket(bucket)) throw notFound(storageMessages.fileNotFound);
  const key = keyFromPath(pathname, bucket);
  if (!key) throw notFound(storageMessages.fileNotFound);

  const exp = c.req.query('exp');
  const verdict = storage.verifyFileUrl(bucket, key, exp, c.req.query('sig'));
  if (verdict !== 'ok') throw new AppError(verdict === 'expired' ? 'URL_EXPIRED' : 'INVALID_SIGNATURE', 403, storageMessages.invalidSignature);

  // a signed URL's response may be cached no longer than the URL is valid, and only by the browser
  const remaining = Math.max(0, Number(exp) - Math.floor(c.var.deps.clock().getTime() / 1000));
  return sendStoredFile(c, storage, bucket, key, `private, max-age=${Math.min(remaining, 3600)}`);
});

/** The answers of a route that ends in sendStoredFile: `what` (of `media` type) whole, a range of it, or not modified. */
export function storedFileResponses(media: string, what: string): RouteContract['responses'] {
  return {
    200: { media, description: `${what}, with its own content type`, schema: z.file() },
    206: { media, description: 'The requested range', schema: z.file() },
    304: null,
  };
}

/** A stored object as the answer: conditional GET, a single range, HEAD; 404 when it is not there. */
export async function sendStoredFile(c: Context<AppEnv>, storage: Storage, bucket: Bucket, key: string, cacheControl: string): Promise<Response> {
  const info = await storage.head(bucket, key);
  if (!info) throw notFound(storageMessages.fileNotFound);

  const headers = baseHeaders(info, cacheControl);
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === info.etag || t.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }

  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== info.etag ? undefined : parseRange(c.req.header('range'), info.size);
  if (range === 'unsatisfiable') {
    return c.json({ error: { code: 'RANGE_NOT_SATISFIABLE', message: storageMessages.rangeNotSatisfiable } }, 416, { 'Content-Range': `bytes */${info.size}` });
  }
  const status = range ? 206 : 200;
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : info.size));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });

  const object = await storage.get(bucket, key, range ? { range } : {});
  if (!object) throw notFound(storageMessages.fileNotFound);
  return new Response(Readable.toWeb(object.body) as ReadableStream, { status, headers });
}

function baseHeaders(info: ObjectInfo, cacheControl: string): Headers {
  return new Headers({
    'Content-Type': info.contentType,
    ETag: info.etag,
    'Last-Modified': info.lastModified.toUTCString(),
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  });
}
