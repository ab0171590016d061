/**
 * Estimates before pressing and a running job's phase: the words the control panel and a card show, made from the
 * numbers the server answers (POST /api/jobs/estimate) and sends (a job's `phase`).
 */
import { msg } from './messages.js';
import { MODE_LABELS, isEnhancementMode } from './enhancement.js';

/** A time estimate in seconds: `measured` on this server's finished jobs, or `unmeasured`, a wide range before any. */
export interface TimeRangeDto {
  low: number;
  high: number;
  basis: 'measured' | 'unmeasured';
}

/** What a running job is doing: loading its model, working through tiles, or saving the result. */
export const JOB_PHASES = ['loading', 'tiles', 'saving'] as const;
export type JobPhaseKind = (typeof JOB_PHASES)[number];
export interface JobPhase {
  kind: JobPhaseKind;
  /** Tiles done and in all, for `tiles`. */
  done?: number;
  total?: number;
}

/** '40 s', '4 min': seconds to the nearest 5 under a minute and a half, then whole minutes. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(1, seconds);
  if (s < 90) return `${Math.max(5, Math.round(s / 5) * 5)} s`;
  return `${Math.round(s / 60)} min`;
}

/** '10–40 s', '1–3 min': a range in the unit of its upper end. */
export function formatSecondsRange(low: number, high: number): string {
  if (high < 90) {
    // whole seconds under 10 ('4–30 s'), then steps of 5
    const lo = low < 10 ? Math.max(1, Math.floor(low)) : Math.floor(low / 5) * 5;
    return `${lo}–${Math.max(lo + 1, Math.ceil(high / 5) * 5)} s`;
  }
  const lo = Math.max(1, Math.floor(low / 60));
  const hi = Math.max(lo + 1, Math.ceil(high / 60));
  return `${lo}–${hi} min`;
}

/**
 * 'about 40 s' for a measured estimate (its middle), 'about 1–3 min, not measured here yet' before this server has
 * run the mode: never a precise-looking number that nothing measured.
 */
export function formatEstimate(t: TimeRangeDto): string {
  if (t.basis === 'unmeasured') return msg('estimateUnmeasured', { time: formatSecondsRange(t.low, t.high) });
  return msg('estimateAbout', { time: formatSeconds((t.low + t.high) / 2) });
}

/** 'Already enhanced at ×2 Precision — running again charges again'. */
export function sameAsBeforeWarning(scale: number, mode: string, n = 1): string {
  const label = isEnhancementMode(mode) ? MODE_LABELS[mode] : mode;
  return n > 1 ? msg('estimateSameAsBeforeMany', { n, scale, mode: label }) : msg('estimateSameAsBefore', { scale, mode: label });
}

/** The line a running card shows for its phase: 'Loading model', 'Tile 3 of 12', 'Saving'. */
export function phaseLabel(phase: JobPhase): string {
  if (phase.kind === 'loading') return msg('phaseLoadingModel');
  if (phase.kind === 'saving') return msg('phaseSaving');
  return msg('phaseTiles', { done: phase.done ?? 0, total: phase.total ?? 0 });
}
