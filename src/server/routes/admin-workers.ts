import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireAdmin } from '../http/require-admin.js';
import { userOf } from '../http/require-user.js';
import { contract } from '../http/contract.js';
import { AppError } from '../errors.js';
import { auditedAdminAction } from '../services/admin/audit-log.js';
import { createWorkerToken, listWorkerTokens, revokeWorkerToken, toWorkerTokenDto } from '../services/workers/worker-tokens.js';
import { listWorkerProcesses } from '../services/workers/worker-presence.js';
import { CreateWorkerTokenRequest, CreateWorkerTokenResponse, WorkerTokensResponse } from '@shared/api/workers.js';

const doc = (summary: string, responses: Parameters<typeof contract>[0]['responses']) => contract({ summary, tag: 'admin', access: 'admin', responses });
const WorkerIdParam = z.object({ id: z.uuid() });

/** /api/admin/workers: the worker tokens remote machines join with; made, listed and revoked by an admin, each audited. */
export const adminWorkersRoute = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', doc('Every worker: server processes that run jobs, and remote workers with their tokens', { 200: WorkerTokensResponse }), async (c) =>
    c.json({ processes: await listWorkerProcesses(c.var.deps), workers: await listWorkerTokens(c.var.deps) }),
  )
  .post('/', doc('Create a worker token (shown once)', { 201: CreateWorkerTokenResponse }), validate('json', CreateWorkerTokenRequest), async (c) => {
    const input = c.req.valid('json');
    const deps = c.var.deps;
    const u = userOf(c);
    const created = await auditedAdminAction(
      deps,
      { actor: { id: u.id, email: u.email }, action: 'worker_token.create', target: input.name, failureMessage: 'Failed to create the worker token' },
      async () => {
        const made = await createWorkerToken(deps, { ...input, createdBy: u.id });
        return { result: made, details: { prefix: made.row.prefix, capabilities: made.row.capabilities, maxConcurrency: made.row.maxConcurrency } };
      },
    );
    return c.json({ token: created.token, worker: toWorkerTokenDto(created.row, []) }, 201);
  })
  .delete('/:id', doc('Revoke a worker token: its jobs go back to the queue', { 204: null }), validate('param', WorkerIdParam), async (c) => {
    const deps = c.var.deps;
    const u = userOf(c);
    const { id } = c.req.valid('param');
    await auditedAdminAction(
      deps,
      { actor: { id: u.id, email: u.email }, action: 'worker_token.revoke', target: id, failureMessage: 'Failed to revoke the worker token' },
      async () => {
        if (!(await revokeWorkerToken(deps, id))) throw new AppError('NOT_FOUND', 404, 'No active worker token with this id.');
        return { result: null };
      },
    );
    return c.body(null, 204);
  });
