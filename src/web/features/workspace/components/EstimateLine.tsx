import { AlertTriangle, Clock } from 'lucide-react';
import { msg } from '@shared/messages';
import { formatCredits } from '@shared/credit-cost';
import { formatEstimate, formatSeconds, sameAsBeforeWarning } from '@shared/estimates';
import { MODE_LABELS, isEnhancementMode } from '@shared/enhancement';
import type { EstimateJobsResponse } from '@shared/api/estimates';

/**
 * What pressing would cost and take, above the Enhance buttons: '4 credits · about 40 s', a wide range said to be one
 * before this server has run the mode, and a warning when the same version was already enhanced so.
 */
export function EstimateLine({ estimate, loading, workers = null }: { estimate: EstimateJobsResponse | null; loading: boolean; workers?: number | null }) {
  if (!estimate) {
    return loading ? (
      <p className="text-center text-[11.5px] text-zinc-500" data-testid="estimate-line" aria-live="polite">
        {msg('estimateChecking')}
      </p>
    ) : null;
  }
  const fine = estimate.items.flatMap((i) => (i.ok ? [i] : []));
  const total = estimate.total_seconds;
  if (!total || fine.length === 0) return null;
  const wait = Math.max(...fine.map((i) => i.wait_seconds));
  const same = fine.filter((i) => i.same_as_before);
  const unmeasured = total.basis === 'unmeasured';
  const mode = fine[0].mode;
  const hint = [
    unmeasured ? msg('estimateUnmeasuredHint', { mode: isEnhancementMode(mode) ? MODE_LABELS[mode] : mode }) : null,
    wait >= 5 ? msg('estimateWaitIncluded', { time: formatSeconds(wait) }) : null,
    workers ? (workers === 1 ? msg('workspaceWorkerOne') : msg('workspaceWorkersAtOnce', { n: workers })) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="space-y-1" aria-live="polite">
      <p className="flex items-center justify-center gap-1.5 text-[12px] text-zinc-300" data-testid="estimate-line" title={hint || undefined}>
        <Clock className="h-3.5 w-3.5 shrink-0 text-zinc-500" />
        <span className={unmeasured ? 'text-zinc-400' : undefined}>
          {msg('estimateLine', { credits: formatCredits(estimate.credits), time: formatEstimate(total) })}
        </span>
      </p>
      {same.length > 0 && (
        <p className="flex items-start gap-1.5 text-[11.5px] leading-tight text-amber-300" role="status" data-testid="estimate-same-warning">
          <AlertTriangle className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>
            {same.length === 1 && fine.length === 1
              ? same[0].same_as_before!.message
              : sameAsBeforeWarning(same[0].same_as_before!.scale, same[0].same_as_before!.mode, same.length)}
          </span>
        </p>
      )}
    </div>
  );
}
