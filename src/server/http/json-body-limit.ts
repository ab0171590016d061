import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.js';

/** JSON bodies of every API route: a workspace with hundreds of cards is well under this. */
const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** Client security reports are a few fields (the schema bounds their details to 4 KB). */
const REPORT_BODY_MAX_BYTES = 16 * 1024;

const refuse = (max: number) =>
  bodyLimit({
    maxSize: max,
    // the unread rest of the body is still on the connection: it is closed rather than reused
    onError: (c) =>
      c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${Math.round(max / 1024)} KB.` } }, 413, { Connection: 'close' }),
  });
const general = refuse(JSON_BODY_MAX_BYTES);
const reports = refuse(REPORT_BODY_MAX_BYTES);

/**
 * Refuses an oversized JSON body with 413 before it is read or parsed, by its Content-Length or, for a chunked
 * body, as soon as the running size passes the limit. Multipart uploads have limits of their own.
 */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || type.startsWith('multipart/form-data')) return next();
  return (c.req.path.startsWith('/api/security-events') ? reports : general)(c, next);
};
