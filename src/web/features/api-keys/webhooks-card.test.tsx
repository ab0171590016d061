/**
 * The API tab's webhooks without a DOM: rendered to markup with the answers of the server already in the query cache,
 * read as a user would see them. The browser journey (e2e/webhooks.spec.ts) clicks through it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WebhookDeliveriesResponse, WebhookEndpointsResponse } from '@shared/api/webhooks';
import { WebhooksCard } from './WebhooksCard';
import { WEBHOOKS_QUERY_KEY, deliveriesQueryKey } from './webhooks-api';

const endpoint = {
  id: '00000000-0000-4000-8000-0000000000e1',
  url: 'https://farm.example.com/renderlift',
  events: ['job.completed', 'job.failed'],
  enabled: true,
  api_key_id: null,
  api_key_prefix: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
} satisfies WebhookEndpointsResponse['endpoints'][number];
const keyed = {
  ...endpoint,
  id: '00000000-0000-4000-8000-0000000000e2',
  url: 'https://blender.example.com/hook',
  enabled: false,
  api_key_id: 'k',
  api_key_prefix: 'rl_live_AbC123',
};
const delivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  message_id: 'msg_1',
  event: 'job.completed',
  job_id: '00000000-0000-4000-8000-0000000000a1',
  status: 'succeeded',
  attempts: 2,
  response_status: 204,
  error: null,
  created_at: '2026-11-20T10:05:00.000Z',
  last_attempt_at: '2026-11-20T10:05:06.000Z',
  next_attempt_at: null,
  redelivery_of: null,
  attempt_log: [],
} satisfies WebhookDeliveriesResponse['deliveries'][number];
const failed = {
  ...delivery,
  id: '00000000-0000-4000-8000-0000000000d2',
  event: 'job.failed',
  status: 'pending',
  attempts: 1,
  response_status: 500,
  error: 'HTTP 500: receiver down',
} as const;

function render(seed: (q: QueryClient) => void, openLogs: string[] = []) {
  const client = new QueryClient();
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <WebhooksCard apiKeys={[]} openLogs={openLogs} />
    </QueryClientProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('WebhooksCard', () => {
  it('lists the endpoints with their events, owner and state, and the form to add one', () => {
    const html = render((q) => q.setQueryData(WEBHOOKS_QUERY_KEY, { endpoints: [endpoint, keyed] }));
    const t = text(html);
    expect(html.match(/data-testid="webhook-row"/g)).toHaveLength(2);
    expect(t).toContain('https://farm.example.com/renderlift');
    expect(t).toContain('job.completed, job.failed · this account');
    expect(t).toContain('key rl_live_AbC123…');
    expect(t).toContain(' Off ');
    expect(t).toContain('Turn on');
    expect(t).toContain('Rotate secret');
    expect(t).toContain('Add endpoint');
    expect(html).not.toContain('webhook-delivery-log');
  });

  it('shows an endpoint’s delivery log: event, status, attempts, code, error and Redeliver', () => {
    const html = render(
      (q) => {
        q.setQueryData(WEBHOOKS_QUERY_KEY, { endpoints: [endpoint] });
        q.setQueryData(deliveriesQueryKey(endpoint.id), { deliveries: [failed, delivery] });
      },
      [endpoint.id],
    );
    const rows = html.split('data-testid="webhook-delivery-row"').slice(1).map(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/job\.failed pending 1 500 .+ HTTP 500: receiver down Redeliver/);
    expect(rows[1]).toMatch(/job\.completed succeeded 2 204 .+ Redeliver/);
  });

  it('says when there is nothing yet', () => {
    expect(text(render((q) => q.setQueryData(WEBHOOKS_QUERY_KEY, { endpoints: [] })))).toContain('No webhook endpoints yet.');
  });
});
