import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { when } from '@web/ui/paged-list';
import { useConfirm } from '@web/ui/confirm-dialog';
import type { AdminApiKeyDto } from '@shared/api/api-keys';
import { ADMIN_API_KEYS_QUERY_KEY, apiKeysApi } from '../api-keys/api';
import { AdminCard } from './AdminCard';

const AUDIT_KEY = ['admin', 'audit-log'] as const;

/** Every account's keys for the public API; an admin revokes any of them (audited), e.g. one leaked in a public repository. */
export function ApiKeysSection() {
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ADMIN_API_KEYS_QUERY_KEY, queryFn: apiKeysApi.adminList });
  async function revoke(key: AdminApiKeyDto) {
    try {
      await apiKeysApi.adminRevoke(key.id);
      toast.success(`${key.name} of ${key.owner_email} was revoked.`);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 ? err.message : 'Failed to revoke the API key');
    }
    await Promise.all([client.invalidateQueries({ queryKey: ADMIN_API_KEYS_QUERY_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
  }
  const confirm = useConfirm(revoke, (key: AdminApiKeyDto) => ({
    title: `Revoke ${key.name}?`,
    description: `The key of ${key.owner_email} is refused from its next request. This cannot be undone.`,
    confirm: 'Revoke',
    cancel: 'Cancel',
    testId: 'admin-api-key-revoke-confirm',
  }));
  const list = keys.data?.keys ?? [];
  return (
    <AdminCard
      id="api-keys"
      title="API keys"
      description="Keys users made for the public API (/api/v1), newest first. A revoked key is refused on its next request."
    >
      {list.length > 0 ? (
        <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid="admin-api-key-list">
          {list.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="text-zinc-100 [overflow-wrap:anywhere]">
                  {k.name} <code className="ml-1 text-xs text-zinc-400">{k.prefix}…</code> <span className="text-zinc-400">· {k.owner_email}</span>
                </p>
                <p className="text-xs text-zinc-500">
                  {k.scopes.join(', ')} · created {when(k.created_at)} · {k.last_used_at ? `last used ${when(k.last_used_at)}` : 'never used'}
                </p>
              </div>
              {k.revoked_at ? (
                <span className="rounded bg-red-500/10 px-2 py-0.5 text-xs text-red-300">Revoked {when(k.revoked_at)}</span>
              ) : (
                <Button variant="danger" size="sm" onClick={() => confirm.ask(k)} aria-label={`Revoke ${k.name} of ${k.owner_email}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">No API keys yet.</p>
      )}
      {confirm.dialog}
    </AdminCard>
  );
}
