/**
 * Regularity of a rectified plane: its period along each axis (autocorrelation peak of luma over known pixels),
 * and a fill that copies the whole hole from a place whole periods away when that copy agrees with the hole's
 * border. On a tile grid or plank floor this continues every joint exactly; elsewhere it declines.
 */

import { lumaAt, lumaThousandthsAt } from '@engine/luma.js';
import { DEFAULT_FILL_SEED } from '@shared/removal.js';
import { mulberry32 } from '@shared/seeded-random.js';
import { PairCorrelation } from './correlation.js';
import { dilate } from '../dilate.js';
import type { Bounds } from './geometry.js';

/** A peak at least this high, and this much above the first trough, is a period. */
const MIN_PEAK = 0.3;
const MIN_PROMINENCE = 0.2;

/**
 * Period along x (axis 0) or y (axis 1) in pixels, or 0 if there is none, from the autocorrelation of luma's
 * derivative along that axis. `hole` pixels are left out of the
 * correlation. Lags up to half the window are tried; rows (or columns) are subsampled on large windows.
 */
export function measurePeriod(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  axis: 0 | 1,
  /** Only pixels in this box are compared (the hole's surroundings, not other surfaces further away). */
  win = { x0: 0, y0: 0, x1: w - 1, y1: h - 1 },
  /** Of the derivative's magnitude: every joint alike, whichever way the tone steps across it (one tile, not two). */
  magnitude = false,
): number {
  const [s0, s1, t0, t1] = axis === 0 ? [win.x0, win.x1, win.y0, win.y1] : [win.y0, win.y1, win.x0, win.x1];
  const len = s1 - s0 + 1,
    across = t1 - t0 + 1;
  const maxLag = Math.min(Math.floor(len / 2), 256);
  if (maxLag < 6) return 0;
  const stride = Math.max(1, Math.floor(across / 128));
  // the derivative along the axis: joints across it, not lines along it (constant at every lag) nor shading
  const step = axis === 0 ? 1 : w;
  const L = new Float32Array(w * h);
  const gap = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const c = axis === 0 ? p % w : (p / w) | 0;
    if (c === 0 || c === (axis === 0 ? w : h) - 1 || hole[p - step] || hole[p + step] || hole[p]) gap[p] = 1;
    else L[p] = magnitude ? Math.abs(lumaAt(rgb, p + step) - lumaAt(rgb, p - step)) : lumaAt(rgb, p + step) - lumaAt(rgb, p - step);
  }
  const corr = new Float32Array(maxLag + 1);
  for (let lag = 1; lag <= maxLag; lag++) {
    const c = new PairCorrelation();
    for (let t = t0; t <= t1; t += stride)
      for (let s = s0; s + lag <= s1; s++) {
        const p = axis === 0 ? t * w + s : s * w + t;
        const q = axis === 0 ? p + lag : p + lag * w;
        if (!gap[p] && !gap[q]) c.add(L[p], L[q]);
      }
    if (c.n < 64) break;
    corr[lag] = c.value();
  }
  // lines along the axis keep every lag correlated: the peak is measured against the first trough
  let start = 1;
  while (start < maxLag && corr[start + 1] < corr[start]) start++;
  if (start >= maxLag - 1) return 0;
  const trough = corr[start];
  let peak = 0,
    at = 0;
  for (let lag = start + 1; lag < maxLag; lag++)
    if (corr[lag] > peak && corr[lag] >= corr[lag - 1] && corr[lag] >= corr[lag + 1]) {
      peak = corr[lag];
      at = lag;
    }
  if (peak < MIN_PEAK || peak - trough < MIN_PROMINENCE) return 0;
  // the fundamental: the first local maximum of which the best is a multiple, at least half as high
  for (let lag = start + 1; lag < at; lag++)
    if (
      corr[lag] - trough >= 0.5 * (peak - trough) &&
      corr[lag] >= corr[lag - 1] &&
      corr[lag] >= corr[lag + 1] &&
      Math.abs(at - Math.round(at / lag) * lag) <= 2
    ) {
      at = lag;
      break;
    }
  const a = corr[at - 1],
    b = corr[at],
    c = corr[at + 1];
  const den = a - 2 * b + c;
  return at + (den < 0 ? (0.5 * (a - c)) / den : 0);
}

export interface PeriodCopy {
  dx: number;
  dy: number;
  /** Mean colour difference between the border and the copy's border, levels. */
  tone: number;
  /** Mean difference of structure between the border and the copy's border, relative to the border's own. */
  error: number;
  /** Share of the border the copy was compared on. */
  coverage: number;
  /** Share of the border where the copy's colour differs by more than `CLASH_LEVELS` (another tile's tone). */
  clash?: number;
  /** Added to the copied colour (levels per channel), when the copy's light differs from the place it fills. */
  offset?: [number, number, number];
}

export interface PeriodFill {
  /** The copies used, best first. */
  copies: PeriodCopy[];
  /** Per pixel: 1 + the index of the copy it takes (0 outside the hole). */
  choice: Uint8Array;
  /** Per pixel, three factors its copied colour is multiplied by in place of its copy's `offset` (boards in their own tones). */
  gain?: Float32Array;
}

/** Border ring of the hole, this many pixels wide, compared between the hole and a candidate copy. */
const RING = 4;
/**
 * The copy is compared with the border on structure only (luma minus its 5×5 mean: joints and grout, not the
 * tone of one tile or plank against another): its mean difference may be at most this share of the border's
 * own structure.
 */
const MAX_RELATIVE_ERROR = 0.75;
/** Copies within this of the best match count as continuing the structure equally well. */
const NEAR_BEST = 0.1;
/** Share of the border a copy must be compared on (the rest may fall outside the view or in the hole). */
const MIN_RING_SHARE = 0.3;
/** Copies one hole may be filled from (a pixel's choice, 1 + the copy's index, is one byte). */
export const MAX_COPIES = 255;
/** Ring samples × offsets scored in one pass; a larger search goes coarse first (a 16 MP removal's view: 11 G). */
const SEARCH_BUDGET = 40_000_000;
/** The coarse pass's best copies searched again at every offset around them. */
const REFINED_COPIES = 128;
/** A border pixel whose copy differs by more than this (levels, mean of the channels) shows another tile's tone. */
const CLASH_LEVELS = 48;
/** Share of such pixels along the border above which a whole copy is declined. */
const MAX_CLASH = 0.1;
/** A tone difference of this many levels weighs as much as the whole border's structure. */
const TONE_SCALE = 64;
/**
 * Another fill (a seed other than the default) takes its copy among those that continue the border about as well as
 * the best (rank within this) and lie at least half a period from it: another repeat of the surface, not the same one
 * a pixel off.
 */
const DRAW_WITHIN = 0.1;

/** Known pixels within `width` pixels (a square's reach) of the hole, whose bounds are `box`, in scan order. */
export function borderRing(hole: Uint8Array, w: number, h: number, box: Bounds, width: number): number[] {
  // the hole dilated on a crop that holds every hole pixel within `width` of the ring's search area
  const cx0 = Math.max(0, box.x0 - 2 * width),
    cy0 = Math.max(0, box.y0 - 2 * width),
    cx1 = Math.min(w - 1, box.x1 + 2 * width),
    cy1 = Math.min(h - 1, box.y1 + 2 * width);
  const cw = cx1 - cx0 + 1,
    ch = cy1 - cy0 + 1;
  const crop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) crop.set(hole.subarray((cy0 + y) * w + cx0, (cy0 + y) * w + cx1 + 1), y * cw);
  const near = dilate(crop, cw, ch, width);
  const ring: number[] = [];
  for (let y = Math.max(0, box.y0 - width); y <= Math.min(h - 1, box.y1 + width); y++)
    for (let x = Math.max(0, box.x0 - width); x <= Math.min(w - 1, box.x1 + width); x++) {
      const p = y * w + x;
      if (!hole[p] && near[(y - cy0) * cw + x - cx0]) ring.push(p);
    }
  return ring;
}

/** Luma at (x, y) minus its mean over the known pixels of the 5×5 window around it (0 in the hole). */
export function highPassAt(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, x: number, y: number): number {
  const p = y * w + x;
  if (hole[p]) return 0;
  let sum = 0,
    n = 0;
  for (let yy = Math.max(0, y - 2); yy <= Math.min(h - 1, y + 2); yy++)
    for (let xx = Math.max(0, x - 2); xx <= Math.min(w - 1, x + 2); xx++)
      if (!hole[yy * w + xx]) {
        sum += lumaAt(rgb, yy * w + xx);
        n++;
      }
  return lumaAt(rgb, p) - sum / n;
}

/**
 * `highPassAt` at every pixel, its window sums taken row by row and then column by column (10 reads a pixel, not 25).
 * Luma is summed in thousandths, whole numbers, so the sums are exact whatever their order.
 */
export function highPass(rgb: Uint8Array, hole: Uint8Array, w: number, h: number): Float32Array {
  const rowSum = new Float64Array(w * h),
    rowN = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let sum = 0,
        n = 0;
      for (let xx = Math.max(0, x - 2); xx <= Math.min(w - 1, x + 2); xx++) {
        const q = y * w + xx;
        if (hole[q]) continue;
        sum += lumaThousandthsAt(rgb, q);
        n++;
      }
      rowSum[y * w + x] = sum;
      rowN[y * w + x] = n;
    }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (hole[p]) continue;
      let sum = 0,
        n = 0;
      for (let yy = Math.max(0, y - 2); yy <= Math.min(h - 1, y + 2); yy++) {
        sum += rowSum[yy * w + x];
        n += rowN[yy * w + x];
      }
      out[p] = lumaAt(rgb, p) - sum / 1000 / n;
    }
  return out;
}

/**
 * Copies whole periods away: along an axis with a period, its multiples (±1 px); along an axis without, any
 * offset. Each candidate is compared with the hole's border on structure; those that continue it are ranked by
 * tone, then by `prefer`, and every hole pixel takes the best-ranked copy whose source is known (a large hole
 * near the edge of the view is filled from several places, all whole periods away). Null when no copy agrees
 * with the border or some pixel has no known source. Another seed than the default puts another repeat about as good
 * first (Try another fill), where there is one.
 */
export function findPeriodFill(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  period: [number, number],
  /** Among copies about as good, the one where this is highest wins (e.g. the sharpest source). */
  prefer: (dx: number, dy: number) => number = () => 0,
  seed = DEFAULT_FILL_SEED,
): PeriodFill | null {
  if (!period[0] && !period[1]) return null;
  let bx0 = w,
    by0 = h,
    bx1 = -1,
    by1 = -1;
  const holeIdx: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (hole[y * w + x]) {
        holeIdx.push(y * w + x);
        if (x < bx0) bx0 = x;
        if (x > bx1) bx1 = x;
        if (y < by0) by0 = y;
        if (y > by1) by1 = y;
      }
  if (bx1 < 0) return null;
  // ring pixels (subsampled to at most 3000)
  const ring = borderRing(hole, w, h, { x0: bx0, y0: by0, x1: bx1, y1: by1 }, RING);
  const ringStep = Math.max(1, Math.floor(ring.length / 3000));
  const hp = highPass(rgb, hole, w, h);
  let structure = 0;
  for (let k = 0; k < ring.length; k += ringStep) structure += Math.abs(hp[ring[k]]);
  structure /= Math.ceil(ring.length / ringStep);
  if (structure < 1) return null; // a border without structure: nothing to align
  const offsets = (p: number, lo: number, hi: number): number[] => {
    const out: number[] = [];
    if (p) {
      for (let k = -Math.floor(hi / p) - 1; k <= Math.floor(hi / p) + 1; k++) {
        for (let d = -1; d <= 1; d++) {
          const o = Math.round(k * p) + d;
          if (o >= lo && o <= hi && !out.includes(o)) out.push(o);
        }
      }
    } else for (let o = lo; o <= hi; o++) out.push(o);
    return out;
  };
  const dxs = offsets(period[0], -(w - 1), w - 1);
  const dys = offsets(period[1], -(h - 1), h - 1);
  // shorter than half a period (or than the hole, along an axis without one) is a smear, not a repeat
  const minX = period[0] ? period[0] / 2 : bx1 - bx0 + 1,
    minY = period[1] ? period[1] / 2 : by1 - by0 + 1;
  const score = (dx: number, dy: number, step: number): PeriodCopy | null => {
    let sum = 0,
      tone = 0,
      clash = 0,
      n = 0,
      total = 0;
    for (let k = 0; k < ring.length; k += step) {
      const p = ring[k];
      total++;
      const x = (p % w) + dx,
        y = ((p / w) | 0) + dy;
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const q = y * w + x;
      if (hole[q]) continue;
      sum += Math.abs(hp[p] - hp[q]);
      const d = Math.abs(rgb[p * 3] - rgb[q * 3]) + Math.abs(rgb[p * 3 + 1] - rgb[q * 3 + 1]) + Math.abs(rgb[p * 3 + 2] - rgb[q * 3 + 2]);
      tone += d;
      if (d > 3 * CLASH_LEVELS) clash++;
      n++;
    }
    return n >= MIN_RING_SHARE * total && n > 0 ? { dx, dy, tone: tone / (3 * n), error: sum / n / structure, coverage: n / total, clash: clash / n } : null;
  };
  // a copy whose source lies partly outside the view fills only part of the hole: it ranks lower
  const rank = (c: PeriodCopy) => c.error + c.tone / TONE_SCALE + (1 - c.coverage);
  const allowed = (dx: number, dy: number) => Math.abs(dx) >= minX || Math.abs(dy) >= minY;
  const scored: PeriodCopy[] = [];
  const samples = Math.ceil(ring.length / ringStep);
  const work = dxs.length * dys.length * samples;
  if (work <= SEARCH_BUDGET) {
    for (const dy of dys)
      for (const dx of dxs) {
        const c = allowed(dx, dy) && score(dx, dy, ringStep);
        if (c) scored.push(c);
      }
  } else {
    // a large view: a coarse pass (every s-th offset along an axis without a period, every s-th ring sample), then
    // the best of it searched again around each with every offset and every sample
    const s = Math.ceil(Math.sqrt(work / SEARCH_BUDGET));
    // odd, so the samples do not fall on the same columns of the ring's rows (the innermost, whose structure is
    // measured beside the hole, would bias the pass)
    const coarseStep = ringStep * s + ((ringStep * s) % 2 === 0 ? 1 : 0);
    const coarse: PeriodCopy[] = [];
    const along = (offs: number[], p: number) => (p ? offs : offs.filter((o) => o % s === 0));
    for (const dy of along(dys, period[1]))
      for (const dx of along(dxs, period[0])) {
        const c = allowed(dx, dy) && score(dx, dy, coarseStep);
        if (c) coarse.push(c);
      }
    coarse.sort((a, b) => rank(a) - rank(b));
    const seen = new Set<number>();
    const near = (o: number, p: number, max: number) => {
      const r = p ? 1 : s - 1;
      const out: number[] = [];
      for (let d = -r; d <= r; d++) if (Math.abs(o + d) <= max) out.push(o + d);
      return out;
    };
    for (const c of coarse.slice(0, REFINED_COPIES))
      for (const dy of near(c.dy, period[1], h - 1))
        for (const dx of near(c.dx, period[0], w - 1)) {
          const key = (dy + h) * (2 * w + 1) + dx + w;
          if (seen.has(key) || !allowed(dx, dy)) continue;
          seen.add(key);
          const f = score(dx, dy, ringStep);
          if (f) scored.push(f);
        }
  }
  if (!scored.length) return null;
  scored.sort((a, b) => a.error - b.error || Math.abs(a.dx) + Math.abs(a.dy) - Math.abs(b.dx) - Math.abs(b.dy));
  if (scored[0].error > MAX_RELATIVE_ERROR) return null;
  const limit = Math.min(MAX_RELATIVE_ERROR, scored[0].error + NEAR_BEST);
  // among copies that continue the structure, the closest in tone (the same plank further along), then the sharpest
  const best = scored.filter((c) => c.error <= limit).sort((a, b) => rank(a) - rank(b) || prefer(b.dx, b.dy) - prefer(a.dx, a.dy));
  // then, for pixels none of those can reach, the other copies that still continue the border, best first
  const rest = scored.filter((c) => c.error > limit && c.error <= MAX_RELATIVE_ERROR).sort((a, b) => rank(a) - rank(b));
  // the best copy puts a tile of another tone beside part of the border (tiles of two tones laid at random): it
  // would split those tiles; a cell-by-cell fill takes over
  if (best[0].clash! > MAX_CLASH) return null;
  if (seed !== DEFAULT_FILL_SEED) drawFirst(best, rank, period, [bx1 - bx0 + 1, by1 - by0 + 1], seed);
  const copies = [...best, ...rest].slice(0, MAX_COPIES);
  const choice = new Uint8Array(w * h);
  for (const p of holeIdx) {
    const x = p % w,
      y = (p / w) | 0;
    const k = copies.findIndex((c) => x + c.dx >= 0 && x + c.dx < w && y + c.dy >= 0 && y + c.dy < h && !hole[p + c.dy * w + c.dx]);
    if (k < 0) return null;
    choice[p] = k + 1;
  }
  return { copies, choice };
}

/**
 * Moves to the front of `best` a copy drawn among the other repeats about as good as its first (rank within
 * DRAW_WITHIN), each repeat by its best-ranked copy: copies at least half a period apart along an axis with one, or
 * half the hole along one without, are other repeats. Leaves `best` as it is when there is none.
 */
function drawFirst(best: PeriodCopy[], rank: (c: PeriodCopy) => number, period: [number, number], holeSize: [number, number], seed: number): void {
  const apart = (a: PeriodCopy, b: PeriodCopy) =>
    Math.abs(a.dx - b.dx) >= (period[0] || holeSize[0]) / 2 || Math.abs(a.dy - b.dy) >= (period[1] || holeSize[1]) / 2;
  // each repeat by its best copy
  const repeats = [best[0]];
  for (const c of best) if (rank(c) <= rank(best[0]) + DRAW_WITHIN && repeats.every((r) => apart(r, c))) repeats.push(c);
  if (repeats.length < 2) return;
  const pick = repeats[1 + Math.floor(mulberry32(seed)() * (repeats.length - 1))];
  best.splice(best.indexOf(pick), 1);
  best.unshift(pick);
}
