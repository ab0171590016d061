import { useState } from 'react';
import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { when } from '@web/ui/paged-list';
import { useConfirm } from '@web/ui/confirm-dialog';
import { PUBLIC_API_PREFIX, apiKeyMessages, type ApiKeyDto, type CreateApiKeyResponse } from '@shared/api/api-keys';
import { SettingsCard } from '../profile/Card';
import { API_KEYS_QUERY_KEY, apiKeysApi } from './api';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewApiKeyDialog } from './NewApiKeyDialog';
import { WebhooksCard } from './WebhooksCard';

/**
 * /profile?tab=api: keys for the public API (scripts, render farms, the CLI, the Blender add-on). Each acts as this
 * account — its plan, credits and limits — within its scopes; the key is shown once, then only its first characters.
 * Below, the webhook endpoints that get the account's job events.
 */
export function ApiTab() {
  const client = useQueryClient();
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: apiKeysApi.list });
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });

  async function revoke(key: ApiKeyDto) {
    try {
      await apiKeysApi.revoke(key.id);
      toast.success(apiKeyMessages.revoked);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 ? err.message : 'Failed to revoke the API key. Please try again.');
    }
    await refresh();
  }
  const confirm = useConfirm(revoke, (key: ApiKeyDto) => ({
    title: `Revoke ${key.name}?`,
    description: 'Scripts using this key are refused from their next request. This cannot be undone.',
    confirm: 'Revoke',
    cancel: 'Cancel',
    testId: 'api-key-revoke-confirm',
  }));

  const list = keys.data?.keys ?? [];
  return (
    <div className="space-y-6">
      <SettingsCard
        title="API keys"
        testId="api-keys"
        action={
          <a className="text-sm text-violet-300 hover:underline" href={`${PUBLIC_API_PREFIX}/reference`}>
            API reference
          </a>
        }
      >
        <p className="text-sm text-zinc-400">
          Keys let scripts, render farms and add-ons upload renders and start jobs with this account’s plan and credits. Send one as{' '}
          <code className="text-zinc-200">Authorization: Bearer rl_live_…</code>.
        </p>
        {list.length > 0 ? (
          <ul className="mt-4 divide-y divide-white/5 rounded-lg border border-white/10" data-testid="api-key-list">
            {list.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm" data-testid="api-key-row">
                <KeyRound className="size-4 text-zinc-400" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="text-zinc-100 [overflow-wrap:anywhere]">
                    {k.name} <code className="ml-1 text-xs text-zinc-400">{k.prefix}…</code>
                  </p>
                  <p className="text-xs text-zinc-500">
                    {k.scopes.join(', ')} · created {when(k.created_at)} · {k.last_used_at ? `last used ${when(k.last_used_at)}` : 'never used'}
                  </p>
                </div>
                {k.revoked_at ? (
                  <span className="rounded bg-red-500/10 px-2 py-0.5 text-xs text-red-300">Revoked {when(k.revoked_at)}</span>
                ) : (
                  <Button variant="danger" size="sm" onClick={() => confirm.ask(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-zinc-500">{keys.isPending ? 'Loading…' : 'No API keys yet.'}</p>
        )}
        <CreateApiKeyForm onCreated={(made) => (setCreated(made), void refresh())} />
        <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
        {confirm.dialog}
      </SettingsCard>
      <WebhooksCard apiKeys={list} />
    </div>
  );
}
