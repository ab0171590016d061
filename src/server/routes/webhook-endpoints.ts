import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { contract, type RouteContract } from '../http/contract.js';
import { createEndpoint, deleteEndpoint, listEndpoints, rotateEndpointSecret, updateEndpoint } from '../services/webhooks/endpoints.js';
import { listDeliveries, redeliver } from '../services/webhooks/deliveries.js';
import { recordWebhookChange } from '../services/webhooks/endpoint-audit.js';
import {
  CreateAccountWebhookEndpointRequest,
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

const ua = (c: Context<AppEnv>) => c.req.header('user-agent') ?? null;
const doc = (summary: string, responses: RouteContract['responses']) => contract({ summary, tag: 'webhooks', access: 'user', responses });

/**
 * /api/webhook-endpoints: the signed-in user's webhook endpoints and their delivery logs (the profile's API tab),
 * through the same services as /api/v1/webhooks; another user's endpoint is not found.
 */
export const webhookEndpointsRoute = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', doc('The account’s webhook endpoints (never their secrets)', { 200: WebhookEndpointsResponse }), async (c) =>
    c.json({ endpoints: await listEndpoints(c.var.deps, { userId: userOf(c).id }) }),
  )
  .post(
    '/',
    doc('Add a webhook endpoint: its signing secret is in this answer only', { 201: WebhookSecretResponse }),
    validate('json', CreateAccountWebhookEndpointRequest),
    async (c) => {
      const { api_key_id, ...input } = c.req.valid('json');
      const made = await createEndpoint(c.var.deps, { userId: userOf(c).id }, { ...input, apiKeyId: api_key_id ?? null });
      await recordWebhookChange(c.var.deps, userOf(c), 'webhook_endpoint_created', { endpointId: made.endpoint.id, url: made.endpoint.url }, ua(c));
      return c.json({ ...made, message: webhookMessages.created }, 201);
    },
  )
  .patch(
    '/:id',
    doc('Change an endpoint’s URL, events or whether it is on', { 200: WebhookEndpointResponse }),
    validate('param', WebhookEndpointIdParam),
    validate('json', UpdateWebhookEndpointRequest),
    async (c) => {
      const endpoint = await updateEndpoint(c.var.deps, { userId: userOf(c).id }, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ endpoint, message: webhookMessages.updated });
    },
  )
  .delete('/:id', doc('Delete an endpoint and its delivery log', { 200: SuccessMessage }), validate('param', WebhookEndpointIdParam), async (c) => {
    await deleteEndpoint(c.var.deps, { userId: userOf(c).id }, c.req.valid('param').id);
    await recordWebhookChange(c.var.deps, userOf(c), 'webhook_endpoint_deleted', { endpointId: c.req.valid('param').id }, ua(c));
    return c.json({ success: true, message: webhookMessages.deleted });
  })
  .post(
    '/:id/rotate-secret',
    doc('A new signing secret (in this answer only); the previous one signs too for 24 hours', { 200: WebhookSecretResponse }),
    validate('param', WebhookEndpointIdParam),
    async (c) => {
      const made = await rotateEndpointSecret(c.var.deps, { userId: userOf(c).id }, c.req.valid('param').id);
      await recordWebhookChange(c.var.deps, userOf(c), 'webhook_secret_rotated', { endpointId: made.endpoint.id, url: made.endpoint.url }, ua(c));
      return c.json({ ...made, message: webhookMessages.rotated });
    },
  )
  .get(
    '/:id/deliveries',
    doc('An endpoint’s delivery log, newest first, with each attempt', { 200: WebhookDeliveriesResponse }),
    validate('param', WebhookEndpointIdParam),
    async (c) => c.json({ deliveries: await listDeliveries(c.var.deps, { userId: userOf(c).id }, c.req.valid('param').id) }),
  )
  .post(
    '/:id/deliveries/:deliveryId/redeliver',
    doc('Send a logged delivery’s payload again, as a new delivery', { 202: WebhookDeliveryResponse }),
    validate('param', WebhookDeliveryParam),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      const delivery = await redeliver(c.var.deps, { userId: userOf(c).id }, id, deliveryId);
      return c.json({ delivery, message: webhookMessages.redelivered }, 202);
    },
  );
