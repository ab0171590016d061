import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '../../shared/messages.js';
import { listWorkspaceImages } from '../services/images/list-workspace-images.js';
import { deleteImage } from '../services/images/delete-image.js';

export const imagesRoute = new Hono<AppEnv>()
  .use(requireUser(msg('userAuthRequired')))
  .get('/', async (c) => c.json({ images: await listWorkspaceImages(c.var.deps, userOf(c).id) }))
  .delete('/:id', validate('param', z.object({ id: z.string().uuid({ message: 'Image not found' }) })), async (c) => {
    await deleteImage(c.var.deps, userOf(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
