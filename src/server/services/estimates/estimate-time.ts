/**
 * How long a job takes on this server, from the jobs it finished: per network (the mode, or removal) and scale, a
 * fixed start (reading the input, loading the model, saving the result) plus seconds per output megapixel, fitted to
 * the latest runs. Pure: the runs come from the caller (estimate-data.ts reads them from image_jobs).
 */
import type { EnhancementMode } from '@shared/enhancement.js';

export type EstimateNetwork = EnhancementMode | 'remove';

/** One finished run: the engine's output megapixels (the input for a removal) and its wall time, worker start to end. */
export interface RunSample {
  network: EstimateNetwork;
  /** The scale run; null for a removal. */
  scale: number | null;
  outputMegapixels: number;
  seconds: number;
}

/** seconds = startSeconds + secondsPerMegapixel · output MP, and how far the runs it came from strayed from it. */
export interface Throughput {
  startSeconds: number;
  secondsPerMegapixel: number;
  /** Largest relative miss of the fit over its own runs (0.1 = 10 %). */
  spread: number;
  samples: number;
}

/** A time estimate in seconds: `measured` on this server's own runs, or `unmeasured`, a wide range before any run. */
export interface TimeRange {
  low: number;
  high: number;
  basis: 'measured' | 'unmeasured';
}

/** Runs a fit goes by: the latest ones, so the estimate follows the server as it warms up, gets busier or changes. */
export const RECENT_RUNS = 20;

/**
 * The narrowest a measured range gets either side of the fit: runs of the same size on one machine were seen to vary
 * by about a tenth (other jobs share its cores).
 */
export const MIN_MEASURED_SPREAD = 0.15;
/** One run of its kind tells the rate, not the start: the range stays wider until a second run. */
export const SINGLE_RUN_SPREAD = 0.3;

/**
 * Before a network has finished a single run on this server: a wide range, not a number that looks precise. Seconds
 * per output megapixel, low to high, spanning a fast desktop to a small two-core server shared with other work
 * (measured there, 800×600 ×2, 1.92 MP out: Precision 2.8–3.3 s idle and 22–37 s under a load of 7–13; Creativity at
 * its preset (x4fast) 2.0–2.8× Precision's time, 27.6–32.1 s for 1155×866 ×2, 4 MP out, under a load of 4), and a
 * start of model loading and file handling. Creativity above 95 (x4plus, the API's parameter) runs about four times
 * longer than its preset; its runs are measured with the mode's.
 */
export const UNMEASURED_RATE: Record<EstimateNetwork, { low: number; high: number }> = {
  precision: { low: 0.5, high: 12 },
  detail: { low: 1.5, high: 16 },
  creativity: { low: 3, high: 60 },
  remove: { low: 2, high: 30 },
};
export const UNMEASURED_START = { low: 1, high: 15 };

/**
 * Least-squares line through (output MP, seconds) with a start of at least 0. Runs all of one size give no slope
 * apart from the start: the whole time is then taken as per-megapixel work, at the runs' median rate, which is right for the large jobs that
 * matter and at worst overestimates a smaller one.
 */
export function fitThroughput(runs: readonly Pick<RunSample, 'outputMegapixels' | 'seconds'>[]): Throughput | null {
  const xs = runs.filter((r) => r.outputMegapixels > 0 && Number.isFinite(r.seconds) && r.seconds >= 0);
  if (xs.length === 0) return null;
  const n = xs.length;
  const mx = xs.reduce((a, r) => a + r.outputMegapixels, 0) / n;
  const my = xs.reduce((a, r) => a + r.seconds, 0) / n;
  const sxx = xs.reduce((a, r) => a + (r.outputMegapixels - mx) ** 2, 0);
  const sxy = xs.reduce((a, r) => a + (r.outputMegapixels - mx) * (r.seconds - my), 0);
  let start = 0;
  // the median rate: one run slowed by other work on the machine does not move the estimate of the next
  let rate = median(xs.map((r) => r.seconds / r.outputMegapixels));
  // a real spread of sizes (a tenth of the mean apart) before a start is read from the slope
  if (n >= 2 && sxx > (0.1 * mx) ** 2 * n) {
    const slope = sxy / sxx;
    const intercept = my - slope * mx;
    if (slope > 0 && intercept >= 0) {
      start = intercept;
      rate = slope;
    } else if (slope > 0) {
      // a negative start is noise: the line through the origin
      rate = xs.reduce((a, r) => a + r.outputMegapixels * r.seconds, 0) / xs.reduce((a, r) => a + r.outputMegapixels ** 2, 0);
    }
  }
  const predicted = (mp: number) => start + rate * mp;
  const spread = Math.max(...xs.map((r) => Math.abs(r.seconds - predicted(r.outputMegapixels)) / Math.max(predicted(r.outputMegapixels), 1e-6)));
  return { startSeconds: start, secondsPerMegapixel: rate, spread, samples: n };
}

/**
 * The fit a job of `network` at `scale` goes by: its own runs at that scale when there are any, else the network's
 * runs at any scale (the rate per output megapixel differs little between scales of one network), else null.
 */
export function throughputFor(runs: readonly RunSample[], network: EstimateNetwork, scale: number | null): Throughput | null {
  const ofNetwork = runs.filter((r) => r.network === network);
  const sameScale = ofNetwork.filter((r) => network === 'remove' || r.scale === scale);
  return fitThroughput((sameScale.length > 0 ? sameScale : ofNetwork).slice(0, RECENT_RUNS));
}

/** The wall time of one run, from this server's runs when it has any of the network, else the wide unmeasured range. */
export function estimateRunSeconds(runs: readonly RunSample[], job: { network: EstimateNetwork; scale: number | null; outputMegapixels: number }): TimeRange {
  const fit = throughputFor(runs, job.network, job.scale);
  if (!fit) {
    const rate = UNMEASURED_RATE[job.network];
    return {
      low: UNMEASURED_START.low + rate.low * job.outputMegapixels,
      high: UNMEASURED_START.high + rate.high * job.outputMegapixels,
      basis: 'unmeasured',
    };
  }
  const expected = fit.startSeconds + fit.secondsPerMegapixel * job.outputMegapixels;
  const spread = Math.max(fit.samples < 2 ? SINGLE_RUN_SPREAD : MIN_MEASURED_SPREAD, Math.min(fit.spread, 1));
  return { low: expected * (1 - spread), high: expected * (1 + spread), basis: 'measured' };
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export const midpoint = (t: Pick<TimeRange, 'low' | 'high'>) => (t.low + t.high) / 2;

/**
 * The queue's wait before a new job starts: the work ahead of it (what running jobs have left, and the waiting jobs'
 * estimates) shared by the slots that take jobs at once. 0 when a slot is free.
 */
export function queueWaitSeconds(ahead: { runningLeftSeconds: readonly number[]; waitingSeconds: readonly number[] }, slots: number): number {
  const n = Math.max(1, slots);
  const busy = ahead.runningLeftSeconds.length + ahead.waitingSeconds.length;
  if (busy < n) return 0;
  // each slot frees when its job is done: the new job waits for the earliest of n slots after the queue is served
  const free = Array.from({ length: n }, (_, i) => ahead.runningLeftSeconds[i] ?? 0);
  for (const s of ahead.runningLeftSeconds.slice(n)) assignToEarliest(free, s);
  for (const s of ahead.waitingSeconds) assignToEarliest(free, s);
  return Math.max(0, Math.min(...free));
}

function assignToEarliest(slots: number[], seconds: number) {
  let i = 0;
  for (let j = 1; j < slots.length; j++) if (slots[j] < slots[i]) i = j;
  slots[i] += Math.max(0, seconds);
}

/**
 * A batch submitted at once: each job waits for the queue and then for a slot among the batch's own jobs, at most
 * `parallel` of them at a time. Returns when the last one ends, from now, as a range.
 */
export function batchSeconds(jobs: readonly TimeRange[], waitSeconds: number, parallel: number): TimeRange {
  const finish = (pick: (t: TimeRange) => number) => {
    const slots = Array.from({ length: Math.max(1, parallel) }, () => waitSeconds);
    for (const t of jobs) assignToEarliest(slots, pick(t));
    return Math.max(...slots);
  };
  const basis = jobs.every((t) => t.basis === 'measured') ? 'measured' : 'unmeasured';
  return { low: finish((t) => t.low), high: finish((t) => t.high), basis };
}
