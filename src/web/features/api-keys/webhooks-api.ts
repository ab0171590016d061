import { apiRequest } from '@web/lib/api-client';
import type { SuccessMessage } from '@shared/api/common';
import type {
  CreateAccountWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookSecretResponse,
} from '@shared/api/webhooks';

export const WEBHOOKS_QUERY_KEY = ['webhook-endpoints'] as const;
export const deliveriesQueryKey = (endpointId: string) => ['webhook-endpoints', endpointId, 'deliveries'] as const;

const base = '/api/webhook-endpoints';

/** The API tab's webhooks: the account's endpoints (its keys' too) and their delivery logs. */
export const webhooksApi = {
  list: () => apiRequest<WebhookEndpointsResponse>('GET', base),
  create: (input: CreateAccountWebhookEndpointRequest) => apiRequest<WebhookSecretResponse>('POST', base, input),
  update: (id: string, input: UpdateWebhookEndpointRequest) => apiRequest<WebhookEndpointResponse>('PATCH', `${base}/${id}`, input),
  remove: (id: string) => apiRequest<SuccessMessage>('DELETE', `${base}/${id}`),
  rotate: (id: string) => apiRequest<WebhookSecretResponse>('POST', `${base}/${id}/rotate-secret`),
  deliveries: (id: string) => apiRequest<WebhookDeliveriesResponse>('GET', `${base}/${id}/deliveries`),
  redeliver: (id: string, deliveryId: string) => apiRequest<WebhookDeliveryResponse>('POST', `${base}/${id}/deliveries/${deliveryId}/redeliver`),
};
