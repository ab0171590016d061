import { useQuery } from '@tanstack/react-query';
import { cn } from '@web/lib/cn';
import { when } from '@web/ui/paged-list';
import type { CampaignView } from '@shared/api/admin';
import { adminApi } from './api';
import { AdminCard } from './AdminCard';

export const CAMPAIGNS_KEY = ['admin', 'campaigns'] as const;

const KIND_LABELS: Record<CampaignView['kind'], string> = { maintenance: 'Maintenance', 'application-available': 'Application available' };
const STATUS_LOOK: Record<CampaignView['status'], string> = {
  queued: 'bg-zinc-800 text-zinc-300',
  sending: 'bg-violet-950 text-violet-300',
  completed: 'bg-emerald-950 text-emerald-300',
  failed: 'bg-red-950 text-red-300',
};

const finished = (c: CampaignView) => c.status === 'completed' || c.status === 'failed';

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <span className={cn('text-xs', tone ?? 'text-zinc-400')}>
      <span className="font-semibold tabular-nums">{value.toLocaleString('en-US')}</span> {label}
    </span>
  );
}

/** The last notification batches as the server keeps them: what each said, to whom, and how it ended, live while sending. */
export function CampaignHistorySection() {
  const { data, isError } = useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: async () => (await adminApi.campaigns()).campaigns,
    refetchInterval: (q) => (q.state.data?.some((c) => !finished(c)) ? 2000 : false),
  });
  return (
    <AdminCard id="campaign-history" title="Notification history" description="The last batches sent from this panel, with what became of each email.">
      {isError ? (
        <p className="text-sm text-red-300">The history could not be loaded.</p>
      ) : !data ? null : data.length === 0 ? (
        <p className="text-sm text-zinc-500">No notification emails sent yet.</p>
      ) : (
        <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid="campaign-history">
          {data.map((c) => (
            <li key={c.id} className="space-y-1.5 px-4 py-3 text-sm" data-testid="campaign-history-row" data-status={c.status}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', STATUS_LOOK[c.status])}>{c.status}</span>
                <span className="font-medium text-zinc-100">{KIND_LABELS[c.kind]}</span>
                <span className="min-w-0 text-zinc-400">{c.audience}</span>
                <span className="ml-auto text-xs text-zinc-500">{when(c.createdAt)}</span>
              </div>
              {c.message && <p className="line-clamp-2 break-words text-zinc-300">{c.message}</p>}
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                <Count label="sent" value={c.emailsSent} tone="text-emerald-300" />
                <Count label="failed" value={c.failed} tone={c.failed > 0 ? 'text-red-300' : undefined} />
                <Count label="opted out" value={c.optedOut} />
                <Count label="recipients" value={c.total} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
