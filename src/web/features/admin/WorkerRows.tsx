import { Cpu, Server } from 'lucide-react';
import { Button } from '@web/ui/button';
import { WORKER_CONNECTED_SECONDS, type RunningJobDto, type WorkerProcessDto, type WorkerTokenDto } from '@shared/api/workers';
import { MODE_LABELS, isEnhancementMode } from '@shared/enhancement';

/** A worker that called within this long is shown as connected (it heart-beats far more often while it works). */
const ONLINE_MS = WORKER_CONNECTED_SECONDS * 1000;

function seen(w: WorkerTokenDto): string {
  if (w.revokedAt) return 'revoked';
  if (!w.lastSeenAt) return 'never connected';
  return Date.now() - Date.parse(w.lastSeenAt) < ONLINE_MS ? 'connected' : `last seen ${new Date(w.lastSeenAt).toLocaleString()}`;
}

/** What a worker runs now: 'Precision ×2 at 40 %, removal at 10 %'. */
function runningText(jobs: RunningJobDto[]): string | null {
  if (!jobs.length) return null;
  const one = (j: RunningJobDto) =>
    `${j.workflow === 'remove' ? 'removal' : `${j.mode && isEnhancementMode(j.mode) ? MODE_LABELS[j.mode] : j.mode} ×${j.scale}`} at ${Math.round(j.progress * 100)} %`;
  return `running ${jobs.map(one).join(', ')}`;
}

const throughput = (jobsDone: number, mps: number | null) => [`${jobsDone} ${jobsDone === 1 ? 'job' : 'jobs'} done`, mps !== null && `${mps.toFixed(2)} MP/s`];

export function ProcessRow({ p }: { p: WorkerProcessDto }) {
  const facts = [
    `${p.host} · pid ${p.pid}`,
    `v${p.version}`,
    p.provider.toUpperCase(),
    ...throughput(p.jobsDone, p.megapixelsPerSecond),
    `${p.running.length} of ${p.concurrency} running`,
  ];
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-2.5 text-sm" data-testid="worker-process-row">
      <Server className="size-4 text-zinc-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-zinc-200">Server process ({p.role === 'all' ? 'single machine' : p.role})</p>
        <p className="text-xs text-zinc-400">{facts.filter(Boolean).join(' · ')}</p>
        {p.running.length > 0 && <p className="text-xs text-violet-300">{runningText(p.running)}</p>}
      </div>
    </li>
  );
}

export function WorkerRow({ w, onRevoke }: { w: WorkerTokenDto; onRevoke: () => void }) {
  const facts = [
    seen(w),
    w.version && `v${w.version}`,
    w.provider && w.provider.toUpperCase(),
    ...throughput(w.jobsDone, w.megapixelsPerSecond),
    `${w.running.length} of ${w.maxConcurrency} running`,
    w.capabilities.length > 0 && w.capabilities.join(', '),
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-2.5 text-sm" data-testid="worker-row">
      <Cpu className="size-4 text-violet-300" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-zinc-200">
          {w.name} <span className="font-mono text-xs text-zinc-500">{w.prefix}…</span>
        </p>
        <p className="text-xs text-zinc-400">{facts.join(' · ')}</p>
        {w.running.length > 0 && <p className="text-xs text-violet-300">{runningText(w.running)}</p>}
      </div>
      {!w.revokedAt && (
        <Button variant="secondary" size="sm" onClick={onRevoke}>
          Revoke
        </Button>
      )}
    </li>
  );
}
