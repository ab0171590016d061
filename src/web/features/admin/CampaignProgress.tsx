import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { adminApi } from './api';

/** A batch being sent: recipients done of the total, live, then the final emailsSent. */
export function CampaignProgress({ campaignId }: { campaignId: string }) {
  const { data } = useQuery({
    queryKey: ['admin', 'campaign', campaignId],
    queryFn: async () => (await adminApi.campaign(campaignId)).campaign,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'completed' || q.state.data.status === 'failed') ? false : 1000),
  });
  if (!data) return null;
  const done = data.emailsSent + data.failed;
  const pct = data.total ? Math.round((done / data.total) * 100) : 100;
  const finished = data.status === 'completed' || data.status === 'failed';
  return (
    <div className="rounded-lg border border-white/10 bg-zinc-950/60 p-4" data-testid="campaign-progress" data-status={data.status}>
      <div className="flex items-center gap-2 text-sm text-zinc-200">
        {!finished ? (
          <Loader2 className="size-4 animate-spin text-violet-300" aria-hidden />
        ) : data.failed === 0 ? (
          <CheckCircle2 className="size-4 text-emerald-400" aria-hidden />
        ) : (
          <XCircle className="size-4 text-amber-400" aria-hidden />
        )}
        <span role="status">
          {finished ? `${data.emailsSent} ${data.emailsSent === 1 ? 'email' : 'emails'} sent` : `Sending… ${done} of ${data.total}`}
          {data.failed > 0 && ` · ${data.failed} not delivered`}
        </span>
        <span className="ml-auto text-xs text-zinc-500">{data.audience}</span>
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/10" aria-hidden>
        <div className="h-full rounded-full bg-violet-500 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
