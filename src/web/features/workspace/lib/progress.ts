import { ALMOST_DONE_AFTER_MS } from '@shared/enhancement';
import { msg } from '@shared/messages';
import { phaseLabel, type JobPhase } from '@shared/estimates';

interface ProgressView {
  /** 0..100 for the bar. */
  percent: number;
  /** The line under the bar: ETA, waiting, or 'Almost done...'. */
  detail: string | null;
  almostDone: boolean;
}

/**
 * What a processing card shows. The progress is the worker's real tile progress; seed 001 §9 keeps its display
 * rule for long jobs: after 900 000 ms the bar holds at 95 with 'Almost done...'. A running job never shows 100
 * before the completed event arrives, so a full bar always means a result.
 */
export function progressView(
  job: { progress: number; etaMs: number | null; startedAt: number; started: boolean; phase?: JobPhase | null },
  now: number,
): ProgressView {
  if (now - job.startedAt > ALMOST_DONE_AFTER_MS) return { percent: 95, detail: msg('workspaceAlmostDone'), almostDone: true };
  const percent = Math.max(0, Math.min(99, Math.round(job.progress * 100)));
  if (!job.started && job.progress <= 0) return { percent: 0, detail: msg('workspaceWaitingForWorker'), almostDone: false };
  // the worker's phase ('Loading model', 'Tile 3 of 12', 'Saving'), with the tiles' ETA once there is one
  const phase = job.phase ? phaseLabel(job.phase) : null;
  const eta = job.etaMs !== null && job.etaMs > 0 && job.phase?.kind !== 'saving' ? msg('workspaceEtaLeft', { time: formatDuration(job.etaMs) }) : null;
  const detail = [phase, eta].filter(Boolean).join(' · ');
  return { percent, detail: detail || null, almostDone: false };
}

export function formatDuration(ms: number): string {
  const total = Math.max(1, Math.round(ms / 1000));
  if (total < 60) return `${total}s`;
  const m = Math.floor(total / 60);
  const s = total % 60;
  return s === 0 ? `${m}m` : `${m}m ${s}s`;
}

export interface QueueSpot {
  position: number;
  expectedStartMs: number | null;
}

/** A waiting card's line: 'Waiting for a free worker · #3 in line · starts in about 1m' (the server's queue). */
export function waitingDetail(spot: QueueSpot | undefined): string {
  const parts = [msg('workspaceWaitingForWorker')];
  if (spot) {
    parts.push(msg('workspaceQueuePosition', { n: spot.position }));
    if (spot.expectedStartMs !== null)
      parts.push(spot.expectedStartMs < 1000 ? msg('workspaceQueueStartsNow') : msg('workspaceQueueStartsIn', { time: formatDuration(spot.expectedStartMs) }));
  }
  return parts.join(' · ');
}
