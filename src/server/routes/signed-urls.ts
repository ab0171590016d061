import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { unauthorized } from '../errors.js';
import { messages } from '../../shared/messages.js';
import { BatchSignUrlsRequest, SignUrlRequest } from '../../shared/storage-api.js';
import { signFileUrl, signFileUrls } from '../services/storage/sign-file-url.js';

/**
 * POST /api/signed-urls and /api/signed-urls/batch: fresh URLs for the signed-in user's own files
 * (seed 001 §7.5 get-signed-url and batch-signed-urls). Another user's file answers 404.
 */
export const signedUrls = new Hono<AppEnv>()
  .post('/', validate('json', SignUrlRequest), async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized(messages.userAuthRequired);
    return c.json(await signFileUrl(c.var.deps, user.id, c.req.valid('json')));
  })
  .post('/batch', validate('json', BatchSignUrlsRequest), async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized(messages.userAuthRequired);
    return c.json(await signFileUrls(c.var.deps, user.id, c.req.valid('json').urls));
  });
