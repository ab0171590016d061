import { Hono } from 'hono';
import { validate } from '../http/validate.js';
import { contract, type RouteContract } from '../http/contract.js';
import { RATE_LIMIT_HEADERS, requireScope, type ApiEnv } from '../http/api-key-auth.js';
import { createEndpoint, deleteEndpoint, listEndpoints, rotateEndpointSecret, updateEndpoint, type EndpointOwner } from '../services/webhooks/endpoints.js';
import { listDeliveries, redeliver } from '../services/webhooks/deliveries.js';
import { recordWebhookChange } from '../services/webhooks/endpoint-audit.js';
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesResponse,
  WebhookDeliveryParam,
  WebhookDeliveryResponse,
  WebhookEndpointIdParam,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookSecretResponse,
} from '@shared/api/webhooks.js';
import { SuccessMessage } from '@shared/api/common.js';
import { webhookMessages } from '@shared/webhooks.js';
import type { Context } from 'hono';

/** Webhooks tell what jobs:read can read: a key that may read jobs may have their events posted. */
const SCOPE = 'jobs:read' as const;
const doc = (summary: string, responses: RouteContract['responses']) =>
  contract({
    summary,
    tag: 'public api',
    access: 'apiKey',
    scopes: [SCOPE],
    responses,
    headers: Object.fromEntries(Object.keys(responses).map((s) => [Number(s), RATE_LIMIT_HEADERS])),
  });

/** The calling key's own endpoints: endpoints made on the profile or by another key are not found here. */
const ua = (c: Context<ApiEnv>) => c.req.header('user-agent') ?? null;
const ownerOf = (c: Context<ApiEnv>): EndpointOwner => ({ userId: c.var.user!.id, apiKeyId: c.var.apiKey.id });

/** /api/v1/webhooks: a key's webhook endpoints and delivery logs, through the same services as the profile's API tab. */
export const apiV1WebhooksRoute = new Hono<ApiEnv>()
  .use('*', requireScope(SCOPE))
  .get('/', doc('The key’s webhook endpoints (never their secrets)', { 200: WebhookEndpointsResponse }), async (c) =>
    c.json({ endpoints: await listEndpoints(c.var.deps, ownerOf(c)) }),
  )
  .post(
    '/',
    doc('Add a webhook endpoint for this key: its signing secret is in this answer only', { 201: WebhookSecretResponse }),
    validate('json', CreateWebhookEndpointRequest),
    async (c) => {
      const made = await createEndpoint(c.var.deps, { userId: c.var.user!.id }, { ...c.req.valid('json'), apiKeyId: c.var.apiKey.id });
      await recordWebhookChange(
        c.var.deps,
        c.var.user!,
        'webhook_endpoint_created',
        { endpointId: made.endpoint.id, url: made.endpoint.url, apiKeyPrefix: c.var.apiKey.prefix },
        ua(c),
      );
      return c.json({ ...made, message: webhookMessages.created }, 201);
    },
  )
  .patch(
    '/:id',
    doc('Change an endpoint’s URL, events or whether it is on', { 200: WebhookEndpointResponse }),
    validate('param', WebhookEndpointIdParam),
    validate('json', UpdateWebhookEndpointRequest),
    async (c) => {
      const endpoint = await updateEndpoint(c.var.deps, ownerOf(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ endpoint, message: webhookMessages.updated });
    },
  )
  .delete('/:id', doc('Delete an endpoint and its delivery log', { 200: SuccessMessage }), validate('param', WebhookEndpointIdParam), async (c) => {
    await deleteEndpoint(c.var.deps, ownerOf(c), c.req.valid('param').id);
    await recordWebhookChange(
      c.var.deps,
      c.var.user!,
      'webhook_endpoint_deleted',
      { endpointId: c.req.valid('param').id, apiKeyPrefix: c.var.apiKey.prefix },
      ua(c),
    );
    return c.json({ success: true, message: webhookMessages.deleted });
  })
  .post(
    '/:id/rotate-secret',
    doc('A new signing secret (in this answer only); the previous one signs too for 24 hours', { 200: WebhookSecretResponse }),
    validate('param', WebhookEndpointIdParam),
    async (c) => {
      const made = await rotateEndpointSecret(c.var.deps, ownerOf(c), c.req.valid('param').id);
      await recordWebhookChange(
        c.var.deps,
        c.var.user!,
        'webhook_secret_rotated',
        { endpointId: made.endpoint.id, url: made.endpoint.url, apiKeyPrefix: c.var.apiKey.prefix },
        ua(c),
      );
      return c.json({ ...made, message: webhookMessages.rotated });
    },
  )
  .get(
    '/:id/deliveries',
    doc('An endpoint’s delivery log, newest first, with each attempt', { 200: WebhookDeliveriesResponse }),
    validate('param', WebhookEndpointIdParam),
    async (c) => c.json({ deliveries: await listDeliveries(c.var.deps, ownerOf(c), c.req.valid('param').id) }),
  )
  .post(
    '/:id/deliveries/:deliveryId/redeliver',
    doc('Send a logged delivery’s payload again, as a new delivery', { 202: WebhookDeliveryResponse }),
    validate('param', WebhookDeliveryParam),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      const delivery = await redeliver(c.var.deps, ownerOf(c), id, deliveryId);
      return c.json({ delivery, message: webhookMessages.redelivered }, 202);
    },
  );
