import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { ImageIdParam, ImagesResponse } from '@shared/api/images.js';
import { listWorkspaceImages } from '../services/images/list-workspace-images.js';
import { deleteImage } from '../services/images/delete-image.js';

export const imagesRoute = new Hono<AppEnv>()
  .use(requireUser(msg('userAuthRequired')))
  .get(
    '/',
    contract({ summary: 'The user’s uploads with their results and running jobs', tag: 'images', access: 'user', responses: { 200: ImagesResponse } }),
    async (c) => c.json({ images: await listWorkspaceImages(c.var.deps, userOf(c).id) }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete an upload and its results', tag: 'images', access: 'user', responses: { 204: null } }),
    validate('param', ImageIdParam),
    async (c) => {
      await deleteImage(c.var.deps, userOf(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
