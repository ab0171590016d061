import { useQuery } from '@tanstack/react-query';
import { planName } from '@shared/plans';
import { adminApi } from './api';
import { AdminCard } from './AdminCard';
import { when } from '@web/ui/paged-list';

const bytes = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`);

function Stat({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-zinc-950/50 p-4">
      <p className="text-xs uppercase tracking-wide text-zinc-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-white">{value}</p>
      {hint && <p className="mt-1 text-xs text-zinc-500">{hint}</p>}
    </div>
  );
}

/** What a self-hoster checks first: queue, failures, engine speed, storage, users by plan (refreshed every 15 s). */
export function OverviewSection() {
  const { data } = useQuery({ queryKey: ['admin', 'overview'], queryFn: adminApi.overview, refetchInterval: 15_000 });
  return (
    <AdminCard id="overview" title="Operator overview" description="This server's queue, engine, storage and users.">
      {!data ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : (
        <div className="space-y-5" data-testid="overview">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Waiting" value={data.jobs.waiting} hint={`${data.jobs.workers} at once on this server`} />
            <Stat label="Running" value={data.jobs.running} />
            <Stat label="Done, 24 h" value={data.jobs.completed24h} />
            <Stat label="Failed, 24 h" value={data.jobs.failed24h} />
            <Stat
              label="Engine"
              value={data.throughput.mpPerSecond === null ? '—' : `${data.throughput.mpPerSecond} MP/s`}
              hint={data.throughput.jobs ? `last ${data.throughput.jobs} enhancements, ${data.throughput.megapixels} MP` : 'no enhancement yet'}
            />
            <Stat label="Storage" value={bytes(data.storage.bytes)} hint={`${data.storage.files} files`} />
            <Stat label="Users" value={data.users} />
          </div>
          <div>
            <h3 className="text-sm font-medium text-zinc-200">Users by plan</h3>
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              {data.usersByPlan.map((p) => (
                <li key={p.plan} className="rounded-lg border border-white/10 px-3 py-1.5 text-zinc-300">
                  {planName(p.plan)} <span className="font-semibold tabular-nums text-white">{p.users}</span>
                  {p.beta > 0 && <span className="text-zinc-500"> · {p.beta} beta</span>}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-sm font-medium text-zinc-200">Failed in the last 24 hours</h3>
            {data.failures.length === 0 ? (
              <p className="mt-2 text-sm text-zinc-500">No failed jobs.</p>
            ) : (
              <ul className="mt-2 divide-y divide-white/5 rounded-lg border border-white/10 text-sm">
                {data.failures.map((f) => (
                  <li key={f.id} className="px-4 py-2">
                    <span className="text-zinc-200">{f.workflow === 'remove' ? 'Removal' : `${f.mode ?? ''} ×${f.scale ?? ''}`}</span>{' '}
                    <span className="text-zinc-400">{f.userEmail}</span> <span className="float-right text-xs text-zinc-500">{when(f.at)}</span>
                    {f.error && <p className="text-xs text-red-300">{f.error}</p>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </AdminCard>
  );
}
