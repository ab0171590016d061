import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.js';
import type { Config } from '../config.js';
import { AVATAR_MAX_BYTES, MASK_MAX_BYTES, WORKER_RESULT_MAX_BYTES } from '@shared/limits.js';
import { fill } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';

/** Any request body not named below, whatever its type: a workspace with hundreds of cards is well under this. */
const DEFAULT_BODY_MAX_BYTES = 1024 * 1024;
/** The multipart framing around one file: boundaries, part headers and a few text fields. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;
const MB = 1024 * 1024;

interface BodyLimit {
  maxBytes: (config: Config) => number;
  /**
   * The route reads its body as a stream (multipart files go to temporary files) and the running size is counted as
   * it reads; otherwise the body is buffered, at most `maxBytes` of it, before the route runs.
   */
  streamed?: boolean;
  refusal?: (config: Config) => { code: string; message: string };
}

/**
 * The byte limit of every request body, in one place. A route not named here gets DEFAULT_BODY_MAX_BYTES whatever its
 * content type, multipart included; a route that takes more names its cap here, and reads its body as a stream.
 */
const BODY_LIMITS: Record<string, BodyLimit> = {
  'POST /api/uploads': {
    streamed: true,
    maxBytes: (config) => config.UPLOAD_MAX_REQUEST_BYTES,
    refusal: (config) => ({ code: 'REQUEST_TOO_LARGE', message: fill(storageMessages.fileTooLarge, { n: config.UPLOAD_MAX_REQUEST_BYTES }) }),
  },
  // the public API's upload and removal: the same caps as the web app's
  'POST /api/v1/uploads': {
    streamed: true,
    maxBytes: (config) => config.UPLOAD_MAX_REQUEST_BYTES,
    refusal: (config) => ({ code: 'REQUEST_TOO_LARGE', message: fill(storageMessages.fileTooLarge, { n: config.UPLOAD_MAX_REQUEST_BYTES }) }),
  },
  'POST /api/v1/removals': {
    streamed: true,
    maxBytes: () => MASK_MAX_BYTES + MULTIPART_FRAMING_BYTES,
    refusal: () => ({ code: 'MASK_TOO_BIG', message: fill(storageMessages.maskTooLarge, { n: MASK_MAX_BYTES / MB }) }),
  },
  'PUT /api/profile/avatar': {
    streamed: true,
    maxBytes: () => AVATAR_MAX_BYTES + MULTIPART_FRAMING_BYTES,
    refusal: () => ({ code: 'FILE_TOO_LARGE', message: fill(storageMessages.avatarTooLarge, { n: AVATAR_MAX_BYTES / MB }) }),
  },
  'POST /api/jobs/remove': {
    streamed: true,
    maxBytes: () => MASK_MAX_BYTES + MULTIPART_FRAMING_BYTES,
    refusal: () => ({ code: 'MASK_TOO_BIG', message: fill(storageMessages.maskTooLarge, { n: MASK_MAX_BYTES / MB }) }),
  },
  // client security reports are a few fields (the schema bounds their details to 4 KB)
  'POST /api/security-events': { maxBytes: () => 16 * 1024 },
  // a remote worker's result, streamed into storage: as large as the engine's largest output
  'PUT /api/worker/v1/claims/:id/result': { streamed: true, maxBytes: () => WORKER_RESULT_MAX_BYTES },
};

/** The limit of a route by its path, ids (UUIDs) written as `:id` as the table names them. */
const UUID_SEGMENT = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;
const limitOf = (method: string, path: string): BodyLimit | undefined =>
  BODY_LIMITS[`${method} ${path}`] ?? BODY_LIMITS[`${method} ${path.replace(UUID_SEGMENT, '/:id')}`];

const defaultRefusal = (max: number) => ({ code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${Math.round(max / 1024)} KB.` });

/**
 * Refuses a body over its route's limit with 413: by its Content-Length before any of it is read, or, sent chunked,
 * as soon as the running size passes the limit. The unread rest is still on the connection, so it is closed rather
 * than reused.
 */
export const requestBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) return next();
  const config = c.var.deps.config;
  const limit = limitOf(c.req.method, c.req.path);
  const max = limit?.maxBytes(config) ?? DEFAULT_BODY_MAX_BYTES;
  const { code, message } = limit?.refusal?.(config) ?? defaultRefusal(max);
  const refuse = (ctx: Context<AppEnv>) => ctx.json({ error: { code, message } }, 413, { Connection: 'close' });
  if (!limit?.streamed) return bodyLimit({ maxSize: max, onError: refuse })(c, next);

  const declared = c.req.header('content-length');
  if (declared !== undefined && !c.req.header('transfer-encoding') && Number(declared) > max) return refuse(c);
  let received = 0;
  let exceeded = false;
  const counted = c.req.raw.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > max) {
          exceeded = true;
          controller.error(new Error('request body over its limit'));
        } else controller.enqueue(chunk);
      },
    }),
  );
  c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
  await next();
  // the route's reading failed on the cut stream, whatever it made of that: the answer is the limit's
  if (exceeded) {
    c.res = undefined;
    c.res = refuse(c);
  }
};
