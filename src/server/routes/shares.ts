import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { contract } from '../http/contract.js';
import { depsForRequest } from '../http/public-origin.js';
import { msg } from '@shared/messages.js';
import { ImageIdParam } from '@shared/api/images.js';
import { CreateShareRequest, ShareIdParam, ShareLinkResponse, ShareLinksResponse } from '@shared/api/shares.js';
import { createShare } from '../services/shares/create-share.js';
import { listShares } from '../services/shares/list-shares.js';
import { revokeShare } from '../services/shares/revoke-share.js';
import { openSharedFile } from '../services/shares/open-shared-file.js';
import { sendStoredFile, storedFileResponses } from './files.js';

/** Links are absolute: they are pasted into mails and chats, where a path alone leads nowhere. */
const linkBase = (c: { var: AppEnv['Variables']; req: { raw: Request } }) => depsForRequest(c.var.deps, c.req.raw).config.BASE_URL ?? '';

/** Share links, mounted at /api: an owner's links under their image, and the public file behind a link. */
export const sharesRoute = new Hono<AppEnv>()
  .post(
    '/images/:id/shares',
    contract({ summary: 'Make a public share link to an image, with an expiry', tag: 'shares', access: 'user', responses: { 201: ShareLinkResponse } }),
    requireUser(msg('userAuthRequired')),
    validate('param', ImageIdParam),
    validate('json', CreateShareRequest),
    async (c) => {
      const share = await createShare(c.var.deps, userOf(c).id, c.req.valid('param').id, c.req.valid('json').expiresIn, linkBase(c));
      return c.json({ share }, 201);
    },
  )
  .get(
    '/images/:id/shares',
    contract({ summary: 'The open share links of an image', tag: 'shares', access: 'user', responses: { 200: ShareLinksResponse } }),
    requireUser(msg('userAuthRequired')),
    validate('param', ImageIdParam),
    async (c) => c.json({ shares: await listShares(c.var.deps, userOf(c).id, c.req.valid('param').id, linkBase(c)) }),
  )
  .delete(
    '/shares/:id',
    contract({ summary: 'Revoke a share link: it answers 404 from then on', tag: 'shares', access: 'user', responses: { 204: null } }),
    requireUser(msg('userAuthRequired')),
    validate('param', ShareIdParam),
    async (c) => {
      await revokeShare(c.var.deps, userOf(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .on(
    ['GET', 'HEAD'],
    '/shared/:token',
    contract({
      summary: 'The image behind a share link, to anyone holding it, until it is revoked or expires',
      tag: 'shares',
      access: 'public',
      responses: storedFileResponses('image/*', 'The image'),
    }),
    async (c) => {
      const { bucket, key } = await openSharedFile(c.var.deps, c.req.param('token'));
      // revalidated on every view, so a revoked link stops working for browsers that saw it before
      const res = await sendStoredFile(c, c.var.deps.storage, bucket, key, 'private, no-cache');
      res.headers.set('X-Robots-Tag', 'noindex, nofollow');
      return res;
    },
  );
