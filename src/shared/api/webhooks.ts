/**
 * Webhook endpoints and their delivery logs: `/api/webhook-endpoints` (the profile's API tab) and
 * `/api/v1/webhooks` (a key's own endpoints), one schema for both; and the event a receiver is posted.
 */
import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { JobDto } from './jobs.js';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, webhookMessages } from '../webhooks.js';

export const WebhookEventName = z.enum(WEBHOOK_EVENTS);

const Url = z
  .string({ message: webhookMessages.urlRequired })
  .trim()
  .min(1, { message: webhookMessages.urlRequired })
  .max(WEBHOOK_URL_MAX, { message: webhookMessages.urlTooLong });
const Events = z
  .array(WebhookEventName, { message: webhookMessages.eventsRequired })
  .min(1, { message: webhookMessages.eventsRequired })
  .transform((e) => WEBHOOK_EVENTS.filter((name) => e.includes(name)));

export const WebhookEndpointDto = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventName),
    enabled: z.boolean(),
    /** The API key the endpoint belongs to (it stops with it); null for one of the account. */
    api_key_id: z.string().nullable(),
    api_key_prefix: z.string().nullable(),
    /** While the previous secret still signs too (after a rotation), until when. */
    previous_secret_expires_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'WebhookEndpointDto' });
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointDto>;

export const CreateWebhookEndpointRequest = z.strictObject({
  url: Url,
  events: Events,
  enabled: z.boolean().optional(),
});
export type CreateWebhookEndpointRequest = z.input<typeof CreateWebhookEndpointRequest>;
/** On the profile an endpoint may belong to one of the account's keys; through the API it belongs to the calling key. */
export const CreateAccountWebhookEndpointRequest = CreateWebhookEndpointRequest.extend({
  api_key_id: z.uuid({ message: webhookMessages.apiKeyNotFound }).nullable().optional(),
});
export type CreateAccountWebhookEndpointRequest = z.input<typeof CreateAccountWebhookEndpointRequest>;

/** Every field optional: unknown fields are dropped, so a body of none of them is refused as an empty one. */
export const UpdateWebhookEndpointRequest = z
  .object({ url: Url.optional(), events: Events.optional(), enabled: z.boolean().optional() })
  .refine((r) => r.url !== undefined || r.events !== undefined || r.enabled !== undefined, { message: webhookMessages.nothingToUpdate });
export type UpdateWebhookEndpointRequest = z.input<typeof UpdateWebhookEndpointRequest>;

/** The signing secret is in this answer only (creation, rotation). */
export const WebhookSecretResponse = z
  .strictObject({ endpoint: WebhookEndpointDto, secret: z.string(), message: z.string() })
  .meta({ id: 'WebhookSecretResponse' });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;
export const WebhookEndpointResponse = z.strictObject({ endpoint: WebhookEndpointDto, message: z.string() });
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;
export const WebhookEndpointsResponse = z.strictObject({ endpoints: z.array(WebhookEndpointDto) });
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponse>;

export const WebhookDeliveryAttemptDto = z.strictObject({
  attempt: z.number().int(),
  /** The receiver's status code; null when no answer came (refused, timed out, address not allowed). */
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  at: IsoDateTime,
});
export const WebhookDeliveryDto = z
  .strictObject({
    id: z.string(),
    /** `webhook-id`: the same for each attempt and redelivery of one event. */
    message_id: z.string(),
    event: WebhookEventName,
    job_id: z.string().nullable(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: IsoDateTime,
    last_attempt_at: IsoDateTime.nullable(),
    next_attempt_at: IsoDateTime.nullable(),
    redelivery_of: z.string().nullable(),
    attempt_log: z.array(WebhookDeliveryAttemptDto),
  })
  .meta({ id: 'WebhookDeliveryDto' });
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;
export const WebhookDeliveriesResponse = z.strictObject({ deliveries: z.array(WebhookDeliveryDto) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;
export const WebhookDeliveryResponse = z.strictObject({ delivery: WebhookDeliveryDto, message: z.string() });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;

export const WebhookEndpointIdParam = z.object({ id: z.uuid({ message: webhookMessages.notFound }) });
export const WebhookDeliveryParam = z.object({
  id: z.uuid({ message: webhookMessages.notFound }),
  deliveryId: z.uuid({ message: webhookMessages.deliveryNotFound }),
});

/** What a receiver is posted: the event, when it happened, and the job as `GET /api/v1/jobs/{id}` answers it. */
export const WebhookEventPayload = z.strictObject({ type: WebhookEventName, timestamp: IsoDateTime, data: JobDto }).meta({ id: 'WebhookEventPayload' });
export type WebhookEventPayload = z.infer<typeof WebhookEventPayload>;
