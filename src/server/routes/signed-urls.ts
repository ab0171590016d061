import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { unauthorized } from '../errors.js';
import { messages } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { BatchSignedUrlsResponse, BatchSignUrlsRequest, SignedUrlResponse, SignUrlRequest } from '@shared/api/uploads.js';
import { signFileUrl, signFileUrls } from '../services/storage/sign-file-url.js';

/**
 * POST /api/signed-urls and /api/signed-urls/batch: fresh URLs for the signed-in user's own files
 * (seed 001 §7.5 get-signed-url and batch-signed-urls). Another user's file answers 404.
 */
export const signedUrls = new Hono<AppEnv>()
  .post(
    '/',
    contract({ summary: 'A fresh URL for one of the user’s files', tag: 'files', access: 'user', responses: { 200: SignedUrlResponse } }),
    validate('json', SignUrlRequest),
    async (c) => {
      const user = c.var.user;
      if (!user) throw unauthorized(messages.userAuthRequired);
      return c.json(await signFileUrl(c.var.deps, user.id, c.req.valid('json')));
    },
  )
  .post(
    '/batch',
    contract({ summary: 'Fresh URLs for several of the user’s files', tag: 'files', access: 'user', responses: { 200: BatchSignedUrlsResponse } }),
    validate('json', BatchSignUrlsRequest),
    async (c) => {
      const user = c.var.user;
      if (!user) throw unauthorized(messages.userAuthRequired);
      return c.json(await signFileUrls(c.var.deps, user.id, c.req.valid('json').urls));
    },
  );
