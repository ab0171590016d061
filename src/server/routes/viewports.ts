import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import {
  ActiveViewportResponse,
  DeleteViewportResponse,
  NewViewportRequest,
  SaveViewportRequest,
  UpdateViewportRequest,
  ViewportConflictResponse,
  ViewportIdParam,
  ViewportSessionResponse,
  ViewportSessionsResponse,
} from '@shared/api/viewports.js';
import {
  clearActiveSession,
  createEmptySession,
  createSession,
  deleteSession,
  getActiveSession,
  listSessions,
  loadSession,
  updateSession,
} from '../services/viewports/viewport-sessions.js';

const IdParam = ViewportIdParam;
const doc = (summary: string, responses: Parameters<typeof contract>[0]['responses'], description?: string) =>
  contract({ summary, tag: 'viewports', access: 'user', responses, ...(description ? { description } : {}) });

const VERSION_RULE =
  'Saved viewports carry a version, raised by one with every save of the layout or the name. base_version is required: ' +
  'the version the client loaded or last saved. A save based on any other version is refused with 409 and changes ' +
  'nothing; the answer’s details carry the current version and when it was saved. To save over it, the client sends ' +
  'again with that current version as base_version. Creating a viewport (POST /api/viewports, /new) takes no version: ' +
  'it starts at 1. Loading, the active flag and deleting leave versions as they are.';

export const viewportsRoute = new Hono<AppEnv>()
  .use(requireUser(msg('sessionLoginToLoad')))
  .get('/', doc('The saved viewports', { 200: ViewportSessionsResponse }), async (c) => c.json({ sessions: await listSessions(c.var.deps, userOf(c).id) }))
  .get('/active', doc('The active viewport, if any', { 200: ActiveViewportResponse }), async (c) =>
    c.json({ session: await getActiveSession(c.var.deps, userOf(c).id) }),
  )
  .post('/', doc('Save the workspace as a new active viewport', { 201: ViewportSessionResponse }), validate('json', SaveViewportRequest), async (c) => {
    const body = c.req.valid('json');
    return c.json({ session: await createSession(c.var.deps, userOf(c).id, body.name, body.viewport_data) }, 201);
  })
  .post('/new', doc('Create a named, empty viewport and make it active', { 201: ViewportSessionResponse }), validate('json', NewViewportRequest), async (c) =>
    c.json({ session: await createEmptySession(c.var.deps, userOf(c).id, c.req.valid('json').name) }, 201),
  )
  .post('/clear-active', doc('No viewport is active any more', { 204: null }), async (c) => {
    await clearActiveSession(c.var.deps, userOf(c).id);
    return c.body(null, 204);
  })
  .put(
    '/:id',
    doc('Save over a viewport, based on the version the client holds', { 200: ViewportSessionResponse, 409: ViewportConflictResponse }, VERSION_RULE),
    validate('param', IdParam),
    validate('json', UpdateViewportRequest),
    async (c) => {
      const body = c.req.valid('json');
      return c.json({ session: await updateSession(c.var.deps, userOf(c).id, c.req.valid('param').id, body.viewport_data, body.base_version, body.name) });
    },
  )
  .post('/:id/load', doc('Load a viewport and make it active', { 200: ViewportSessionResponse }), validate('param', IdParam), async (c) =>
    c.json({ session: await loadSession(c.var.deps, userOf(c).id, c.req.valid('param').id) }),
  )
  .delete('/:id', doc('Delete a viewport', { 200: DeleteViewportResponse }), validate('param', IdParam), async (c) =>
    c.json(await deleteSession(c.var.deps, userOf(c).id, c.req.valid('param').id)),
  );
