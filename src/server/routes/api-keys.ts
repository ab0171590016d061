import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { requireAdmin } from '../http/require-admin.js';
import { contract, type RouteContract } from '../http/contract.js';
import { auditedAdminAction } from '../services/admin/audit-log.js';
import { recordSecurityEvent } from '../services/security/record-security-event.js';
import { createApiKey, listAllApiKeys, listApiKeys, revokeApiKey } from '../services/api-keys/api-keys.js';
import {
  AdminApiKeysResponse,
  ApiKeyDto,
  ApiKeyIdParam,
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  apiKeyMessages,
} from '@shared/api/api-keys.js';
import { SuccessMessage } from '@shared/api/common.js';

const doc = (summary: string, responses: RouteContract['responses'], access: 'user' | 'admin' = 'user') =>
  contract({ summary, tag: 'api-keys', access, responses });

/** /api/api-keys: the signed-in user's keys for the public API (the profile's API tab); another user's key is not found. */
export const apiKeysRoute = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', doc('The user’s API keys (never the secrets)', { 200: ApiKeysResponse }), async (c) =>
    c.json({ keys: await listApiKeys(c.var.deps, userOf(c).id) }),
  )
  .post('/', doc('Create an API key: the key is in this answer only', { 201: CreateApiKeyResponse }), validate('json', CreateApiKeyRequest), async (c) => {
    const u = userOf(c);
    const created = await createApiKey(c.var.deps, u.id, c.req.valid('json'));
    await recordSecurityEvent(c.var.deps, {
      userId: u.id,
      email: u.email,
      action: 'api_key_created',
      resource: 'api_key',
      status: 'success',
      details: { prefix: created.apiKey.prefix, scopes: created.apiKey.scopes },
      userAgent: c.req.header('user-agent') ?? null,
    });
    return c.json({ ...created, message: apiKeyMessages.created }, 201);
  })
  .delete('/:id', doc('Revoke one of the user’s API keys', { 200: SuccessMessage }), validate('param', ApiKeyIdParam), async (c) => {
    const u = userOf(c);
    const { apiKey: revoked } = await revokeApiKey(c.var.deps, c.req.valid('param').id, { ownerId: u.id, actorId: u.id });
    await recordSecurityEvent(c.var.deps, {
      userId: u.id,
      email: u.email,
      action: 'api_key_revoked',
      resource: 'api_key',
      status: 'success',
      details: { prefix: revoked.prefix },
      userAgent: c.req.header('user-agent') ?? null,
    });
    return c.json({ success: true, message: apiKeyMessages.revoked });
  });

/** /api/admin/api-keys: every account's keys, and revoking any of them (audited). */
export const adminApiKeysRoute = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', doc('Every account’s API keys', { 200: AdminApiKeysResponse }, 'admin'), async (c) => c.json({ keys: await listAllApiKeys(c.var.deps) }))
  .delete('/:id', doc('Revoke any API key', { 200: ApiKeyDto }, 'admin'), validate('param', ApiKeyIdParam), async (c) => {
    const deps = c.var.deps;
    const u = userOf(c);
    const { id } = c.req.valid('param');
    const revoked = await auditedAdminAction(
      deps,
      { actor: { id: u.id, email: u.email }, action: 'api_key.revoke', target: id, failureMessage: 'Failed to revoke the API key' },
      async () => {
        const { apiKey, ownerEmail } = await revokeApiKey(deps, id, { ownerId: null, actorId: u.id });
        return { result: apiKey, details: { prefix: apiKey.prefix, owner: ownerEmail } };
      },
    );
    return c.json(revoked);
  });
