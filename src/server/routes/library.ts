import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { LibraryIdParam, LibraryQuery, LibraryResponse } from '@shared/api/library.js';
import { WorkspaceImage } from '@shared/api/images.js';
import { listLibrary } from '../services/library/list-library.js';
import { libraryCard } from '../services/library/library-card.js';

/** The library: every upload of the user with its results, whatever any saved viewport holds. */
export const libraryRoute = new Hono<AppEnv>()
  .use(requireUser(msg('userAuthRequired')))
  .get(
    '/',
    contract({
      summary: 'Every upload of the user with its results, newest first: searched by name, filtered by date, viewport and status, paged by cursor',
      tag: 'images',
      access: 'user',
      responses: { 200: LibraryResponse },
    }),
    validate('query', LibraryQuery),
    async (c) => c.json(await listLibrary(c.var.deps, userOf(c).id, c.req.valid('query'))),
  )
  .get(
    '/:id',
    contract({
      summary: 'One upload as a workspace card (its versions, a running job), to add it to a canvas',
      tag: 'images',
      access: 'user',
      responses: { 200: WorkspaceImage },
    }),
    validate('param', LibraryIdParam),
    async (c) => c.json(await libraryCard(c.var.deps, userOf(c).id, c.req.valid('param').id)),
  );
