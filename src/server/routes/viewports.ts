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
const doc = (summary: string, responses: Parameters<typeof contract>[0]['responses']) => contract({ summary, tag: 'viewports', access: 'user', responses });

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
    doc('Save over a viewport', { 200: ViewportSessionResponse }),
    validate('param', IdParam),
    validate('json', UpdateViewportRequest),
    async (c) => {
      const body = c.req.valid('json');
      return c.json({ session: await updateSession(c.var.deps, userOf(c).id, c.req.valid('param').id, body.viewport_data, body.name) });
    },
  )
  .post('/:id/load', doc('Load a viewport and make it active', { 200: ViewportSessionResponse }), validate('param', IdParam), async (c) =>
    c.json({ session: await loadSession(c.var.deps, userOf(c).id, c.req.valid('param').id) }),
  )
  .delete('/:id', doc('Delete a viewport', { 200: DeleteViewportResponse }), validate('param', IdParam), async (c) =>
    c.json(await deleteSession(c.var.deps, userOf(c).id, c.req.valid('param').id)),
  );
