import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { TrashIdParam, TrashResponse } from '@shared/api/trash.js';
import { listTrash } from '../services/images/list-trash.js';
import { restoreImage } from '../services/images/restore-image.js';
import { deleteForever } from '../services/images/purge-images.js';

/** The trash: uploads deleted with DELETE /api/images/:id, kept TRASH_RETENTION_DAYS with their versions. */
export const trashRoute = new Hono<AppEnv>()
  .use(requireUser(msg('userAuthRequired')))
  .get(
    '/',
    contract({ summary: 'The user’s deleted uploads, restorable until they are purged', tag: 'images', access: 'user', responses: { 200: TrashResponse } }),
    async (c) => c.json({ items: await listTrash(c.var.deps, userOf(c).id) }),
  )
  .post(
    '/:id/restore',
    contract({ summary: 'Bring an upload and its versions back from the trash', tag: 'images', access: 'user', responses: { 204: null } }),
    validate('param', TrashIdParam),
    async (c) => {
      await restoreImage(c.var.deps, userOf(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete an upload in the trash and its versions forever, files included', tag: 'images', access: 'user', responses: { 204: null } }),
    validate('param', TrashIdParam),
    async (c) => {
      await deleteForever(c.var.deps, userOf(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
