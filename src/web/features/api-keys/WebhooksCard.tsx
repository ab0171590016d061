import { useState } from 'react';
import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { when } from '@web/ui/paged-list';
import { useConfirm } from '@web/ui/confirm-dialog';
import type { ApiKeyDto } from '@shared/api/api-keys';
import type { WebhookEndpointDto, WebhookSecretResponse } from '@shared/api/webhooks';
import { webhookMessages } from '@shared/webhooks';
import { SettingsCard } from '../profile/Card';
import { WEBHOOKS_QUERY_KEY, webhooksApi } from './webhooks-api';
import { CreateWebhookForm } from './CreateWebhookForm';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

const failed = (err: unknown, fallback: string) => toast.error(err instanceof ApiError && err.status > 0 ? err.message : fallback);

/**
 * The API tab's webhooks: endpoints that get this account's job events, signed per Standard Webhooks, each with its
 * delivery log. `openLogs` opens logs from the start (the log of an endpoint opens with its Deliveries button).
 */
export function WebhooksCard({ apiKeys, openLogs = [] }: { apiKeys: ApiKeyDto[]; openLogs?: string[] }) {
  const client = useQueryClient();
  const endpoints = useQuery({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: webhooksApi.list });
  const [secret, setSecret] = useState<WebhookSecretResponse | null>(null);
  const [open, setOpen] = useState<string[]>(openLogs);
  const refresh = () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });

  async function act(run: () => Promise<unknown>, fallback: string) {
    try {
      await run();
    } catch (err) {
      failed(err, fallback);
    }
    await refresh();
  }
  const rotate = (e: WebhookEndpointDto) => act(async () => setSecret(await webhooksApi.rotate(e.id)), webhookMessages.rotateFailed);
  const toggle = (e: WebhookEndpointDto) =>
    act(async () => toast.success((await webhooksApi.update(e.id, { enabled: !e.enabled })).message), webhookMessages.endpointSaveFailed);
  const confirm = useConfirm(
    (e: WebhookEndpointDto) => void act(async () => toast.success((await webhooksApi.remove(e.id)).message), webhookMessages.deleteFailed),
    (e: WebhookEndpointDto) => ({
      title: 'Delete this endpoint?',
      description: `${e.url} gets no more events, and its delivery log is deleted. This cannot be undone.`,
      confirm: 'Delete',
      cancel: 'Cancel',
      testId: 'webhook-delete-confirm',
    }),
  );
  const showLog = (id: string) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));

  const list = endpoints.data?.endpoints ?? [];
  return (
    <SettingsCard title="Webhooks" testId="webhooks">
      <p className="text-sm text-zinc-400">
        Renderlift posts job events to these URLs, signed per Standard Webhooks (<code className="text-zinc-200">webhook-signature</code>). Failed deliveries
        are retried for 24 hours.
      </p>
      {list.length > 0 ? (
        <ul className="mt-4 divide-y divide-white/5 rounded-lg border border-white/10" data-testid="webhook-list">
          {list.map((e) => (
            <li key={e.id} data-testid="webhook-row">
              <div className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <Webhook className="size-4 text-zinc-400" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="text-zinc-100 [overflow-wrap:anywhere]">{e.url}</p>
                  <p className="text-xs text-zinc-500">
                    {e.events.join(', ')} · {e.api_key_prefix ? `key ${e.api_key_prefix}…` : 'this account'} · added {when(e.created_at)}
                    {e.previous_secret_expires_at && ` · previous secret signs until ${when(e.previous_secret_expires_at)}`}
                  </p>
                </div>
                {!e.enabled && <span className="rounded bg-zinc-500/10 px-2 py-0.5 text-xs text-zinc-400">Off</span>}
                <Button variant="ghost" size="sm" onClick={() => showLog(e.id)} aria-expanded={open.includes(e.id)}>
                  Deliveries
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void toggle(e)}>
                  {e.enabled ? 'Turn off' : 'Turn on'}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => void rotate(e)}>
                  Rotate secret
                </Button>
                <Button variant="danger" size="sm" onClick={() => confirm.ask(e)} aria-label={`Delete ${e.url}`}>
                  Delete
                </Button>
              </div>
              {open.includes(e.id) && <WebhookDeliveryLog endpointId={e.id} />}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-zinc-500">{endpoints.isPending ? 'Loading…' : 'No webhook endpoints yet.'}</p>
      )}
      <CreateWebhookForm apiKeys={apiKeys} onCreated={(made) => (setSecret(made), void refresh())} />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      {confirm.dialog}
    </SettingsCard>
  );
}
