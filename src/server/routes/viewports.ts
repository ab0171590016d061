import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '../../shared/messages.js';
import { SessionName } from '../../shared/viewports.js';
import { clearActiveSession, createEmptySession, createSession, deleteSession, getActiveSession, listSessions, loadSession, updateSession } from '../services/viewports/viewport-sessions.js';

const IdParam = z.object({ id: z.string().uuid({ message: msg('sessionNotFound') }) });
// viewport_data is checked by the shared sanitiser (seed wording), not by a generic schema here
const SaveBody = z.object({ name: SessionName, viewport_data: z.unknown() });
const UpdateBody = z.object({ name: SessionName.optional(), viewport_data: z.unknown() });

export const viewportsRoute = new Hono<AppEnv>()
  .use(requireUser(msg('sessionLoginToLoad')))
  .get('/', async (c) => c.json({ sessions: await listSessions(c.var.deps, userOf(c).id) }))
  .get('/active', async (c) => c.json({ session: await getActiveSession(c.var.deps, userOf(c).id) }))
  .post('/', validate('json', SaveBody), async (c) => {
    const body = c.req.valid('json');
    return c.json({ session: await createSession(c.var.deps, userOf(c).id, body.name, body.viewport_data) }, 201);
  })
  .post('/new', validate('json', z.object({ name: SessionName })), async (c) =>
    c.json({ session: await createEmptySession(c.var.deps, userOf(c).id, c.req.valid('json').name) }, 201),
  )
  .post('/clear-active', async (c) => {
    await clearActiveSession(c.var.deps, userOf(c).id);
    return c.body(null, 204);
  })
  .put('/:id', validate('param', IdParam), validate('json', UpdateBody), async (c) => {
    const body = c.req.valid('json');
    return c.json({ session: await updateSession(c.var.deps, userOf(c).id, c.req.valid('param').id, body.viewport_data, body.name) });
  })
  .post('/:id/load', validate('param', IdParam), async (c) => c.json({ session: await loadSession(c.var.deps, userOf(c).id, c.req.valid('param').id) }))
  .delete('/:id', validate('param', IdParam), async (c) => c.json(await deleteSession(c.var.deps, userOf(c).id, c.req.valid('param').id)));
