import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { when } from '@web/ui/paged-list';
import type { WebhookDeliveryDto } from '@shared/api/webhooks';
import { webhookMessages } from '@shared/webhooks';
import { deliveriesQueryKey, webhooksApi } from './webhooks-api';

const STATUS_STYLE: Record<WebhookDeliveryDto['status'], string> = {
  succeeded: 'bg-emerald-500/10 text-emerald-300',
  pending: 'bg-amber-500/10 text-amber-300',
  failed: 'bg-red-500/10 text-red-300',
};

/** An endpoint's last deliveries: event, status, attempts, the last answer's code or error, and Redeliver. */
export function WebhookDeliveryLog({ endpointId }: { endpointId: string }) {
  const client = useQueryClient();
  const key = deliveriesQueryKey(endpointId);
  const log = useQuery({ queryKey: key, queryFn: () => webhooksApi.deliveries(endpointId), refetchInterval: 5000 });

  async function redeliver(d: WebhookDeliveryDto) {
    try {
      await webhooksApi.redeliver(endpointId, d.id);
      toast.success(webhookMessages.redelivered);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 ? err.message : webhookMessages.redeliverFailed);
    }
    await client.invalidateQueries({ queryKey: key });
  }

  const rows = log.data?.deliveries ?? [];
  if (rows.length === 0) return <p className="px-4 pb-3 text-xs text-zinc-500">{log.isPending ? 'Loading…' : 'No deliveries yet.'}</p>;
  return (
    <div className="overflow-x-auto px-4 pb-3">
      <table className="w-full text-left text-xs" data-testid="webhook-delivery-log">
        <thead className="text-zinc-500">
          <tr>
            <th className="py-1 pr-3 font-normal">Event</th>
            <th className="py-1 pr-3 font-normal">Status</th>
            <th className="py-1 pr-3 font-normal">Attempts</th>
            <th className="py-1 pr-3 font-normal">Response</th>
            <th className="py-1 pr-3 font-normal">Time</th>
            <th className="py-1 pr-3 font-normal">Error</th>
            <th className="py-1 font-normal" />
          </tr>
        </thead>
        <tbody className="text-zinc-300">
          {rows.map((d) => (
            <tr key={d.id} className="border-t border-white/5" data-testid="webhook-delivery-row">
              <td className="py-1.5 pr-3">
                <code>{d.event}</code>
              </td>
              <td className="py-1.5 pr-3">
                <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[d.status]}`}>{d.status}</span>
              </td>
              <td className="py-1.5 pr-3">{d.attempts}</td>
              <td className="py-1.5 pr-3">{d.response_status ?? '—'}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">{when(d.last_attempt_at ?? d.created_at)}</td>
              <td className="max-w-64 py-1.5 pr-3 text-zinc-500 [overflow-wrap:anywhere]">{d.error ?? ''}</td>
              <td className="py-1.5 text-right">
                <Button variant="ghost" size="sm" onClick={() => void redeliver(d)} aria-label={`Redeliver ${d.event}`}>
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
