/**
 * A tile floor or wall whose tiles differ one from the next (black and white tiles laid at random, stone slabs of
 * varied tone) has a grid but no copy of the whole hole that continues its border: some tile at the border always
 * disagrees. Here the rectified hole is filled cell by cell of the grid: every cell of one joint period along each
 * axis takes a whole cell from elsewhere on the grid, so every joint continues, and each tile is one tile's colour.
 * A cell the border shows part of takes the source whose known part agrees with it; a cell wholly inside the hole
 * takes one of the nearest well-fitting sources, drawn by the seed, so tiles keep the floor's mix of tones.
 */
import { lumaAt } from '@engine/luma.js';
import { PairCorrelation } from './correlation.js';
import { bounds, type Bounds } from './geometry.js';
import { MAX_COPIES, measurePeriod, type PeriodCopy, type PeriodFill } from './period.js';
import { mulberry32 } from '@shared/seeded-random.js';

/** Bins per pixel of the folded joint profile: a period a tenth of a pixel off smears it over a window. */
const BINS_PER_PIXEL = 4;

/**
 * The known pixels' gradient magnitude along an axis, folded at `period` into quarter-pixel bins and averaged over
 * a pixel's width of them (a joint's edge is a pixel wide).
 */
function foldedJoints(
  g: Float32Array,
  hole: Uint8Array,
  w: number,
  h: number,
  axis: 0 | 1,
  period: number,
  win: Bounds,
): { profile: Float64Array; bins: number } {
  const bins = Math.max(BINS_PER_PIXEL, Math.round(period * BINS_PER_PIXEL));
  const sum = new Float64Array(bins),
    count = new Float64Array(bins);
  for (let y = Math.max(1, win.y0); y <= Math.min(h - 2, win.y1); y++)
    for (let x = Math.max(1, win.x0); x <= Math.min(w - 2, win.x1); x++) {
      const p = y * w + x;
      if (hole[p] || g[p] < 0) continue;
      const s = axis === 0 ? x : y;
      const b = Math.floor((s % period) * (bins / period)) % bins;
      sum[b] += g[p];
      count[b]++;
    }
  const profile = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    let s = 0,
      n = 0;
    for (let k = 0; k < BINS_PER_PIXEL; k++) {
      s += sum[(b + k) % bins];
      n += count[(b + k) % bins];
    }
    profile[b] = n ? s / n : 0;
  }
  return { profile, bins };
}

/** Periods tried around the measured one, as a share of it: an error of a tenth of a pixel a cell adds up across a hole. */
const PERIOD_SEARCH = 0.03;
const PERIOD_STEPS = 60;

/**
 * The grid's joints along an axis, from its gradient `g` along it: the period (refined around `period` to the one whose folded gradient peaks
 * sharpest) and the offset in [0, period) where the joints lie.
 */
export function jointGrid(
  g: Float32Array,
  hole: Uint8Array,
  w: number,
  h: number,
  axis: 0 | 1,
  period: number,
  win: Bounds,
): { period: number; phase: number } {
  let best = { period, phase: 0, contrast: -Infinity };
  for (let k = -PERIOD_STEPS / 2; k <= PERIOD_STEPS / 2; k++) {
    const p = period * (1 + (k / (PERIOD_STEPS / 2)) * PERIOD_SEARCH);
    const { profile, bins } = foldedJoints(g, hole, w, h, axis, p, win);
    let at = 0,
      mean = 0,
      square = 0;
    for (let b = 0; b < bins; b++) {
      mean += profile[b] / bins;
      square += profile[b] ** 2 / bins;
      if (profile[b] > profile[at]) at = b;
    }
    // folded at the true period the joints stay sharp: the profile varies most against its mean
    const contrast = mean > 0 ? square / mean ** 2 : 0;
    if (contrast > best.contrast) best = { period: p, phase: ((at + BINS_PER_PIXEL / 2) * p) / bins, contrast };
  }
  return { period: best.period, phase: best.phase };
}

/** Cells wholly inside the hole draw among this many best-fitting sources. */
const DRAWN_AMONG = 6;
/** A source cell is known this many pixels around it too, so its copy, sampled bilinearly, never touches the hole. */
const MARGIN = 2;
/** Sources seen at least this share of their cell's size in the image are preferred (nearer the camera, sharper). */
const SHARP_ENOUGH = 0.85;
/** A cell with at least this share of its pixels known is matched on them; below it, drawn. */
const MIN_KNOWN = 0.15;
/** Per cell of distance between a cell and its source, the score grows by this many levels (nearer tiles share the light). */
const DISTANCE_COST = 1.5;
/** A cell's known pixels may differ from the source's by at most this many levels on average. */
const MAX_CELL_ERROR = 24;

/**
 * The cell-by-cell fill of the rectified `hole` on the grid of `period` (both axes) with joints at `phase`; the
 * result is in `findPeriodFill`'s form (copies and each hole pixel's choice). Null when some cell has no whole
 * source cell in view, or a cell's known part agrees with no source.
 */
function findLatticeFill(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  period: [number, number],
  phase: [number, number],
  seed: number,
  /** Image pixels per rectified pixel at a rectified point: a source seen smaller than its cell would be blurred. */
  scaleAt: (x: number, y: number) => number = () => 1,
): PeriodFill | null {
  const [px, py] = period;
  if (px < 4 || py < 4) return null;
  // cell (i, j) spans [phase + i·p, phase + (i + 1)·p) along each axis
  const i0 = Math.floor((0 - phase[0]) / px),
    i1 = Math.floor((w - 1 - phase[0]) / px),
    j0 = Math.floor((0 - phase[1]) / py),
    j1 = Math.floor((h - 1 - phase[1]) / py);
  const ni = i1 - i0 + 1,
    nj = j1 - j0 + 1;
  const span = (c: number, p: number, o: number, n: number) => [Math.max(0, Math.ceil(o + c * p)), Math.min(n - 1, Math.ceil(o + (c + 1) * p) - 1)];
  const holeCount = new Int32Array(ni * nj),
    total = new Int32Array(ni * nj);
  for (let y = 0; y < h; y++) {
    const j = Math.floor((y - phase[1]) / py) - j0;
    for (let x = 0; x < w; x++) {
      const c = j * ni + Math.floor((x - phase[0]) / px) - i0;
      total[c]++;
      holeCount[c] += hole[y * w + x];
    }
  }
  // a source is a cell fully in view and known, with its margin
  const source = (i: number, j: number) => {
    const [xa, xb] = span(i, px, phase[0], w),
      [ya, yb] = span(j, py, phase[1], h);
    if (xa - MARGIN < 0 || ya - MARGIN < 0 || xb + MARGIN > w - 1 || yb + MARGIN > h - 1) return false;
    for (let y = ya - MARGIN; y <= yb + MARGIN; y++) for (let x = xa - MARGIN; x <= xb + MARGIN; x++) if (hole[y * w + x]) return false;
    return true;
  };
  const centre = (a: number, p: number, o: number) => o + (a + 0.5) * p;
  const sources: { si: number; sj: number; scale: number }[] = [];
  for (let j = j0; j <= j1; j++)
    for (let i = i0; i <= i1; i++) if (source(i, j)) sources.push({ si: i, sj: j, scale: scaleAt(centre(i, px, phase[0]), centre(j, py, phase[1])) });
  if (!sources.length) return null;

  const draw = mulberry32(seed);
  const copies: PeriodCopy[] = [];
  const copyIndex = new Map<string, number>();
  const choice = new Uint8Array(w * h);
  for (let j = j0; j <= j1; j++)
    for (let i = i0; i <= i1; i++) {
      const c = (j - j0) * ni + (i - i0);
      if (!holeCount[c]) continue;
      const [xa, xb] = span(i, px, phase[0], w),
        [ya, yb] = span(j, py, phase[1], h);
      const matched = total[c] - holeCount[c] >= MIN_KNOWN * total[c];
      const need = SHARP_ENOUGH * scaleAt(centre(i, px, phase[0]), centre(j, py, phase[1]));
      const scored = sources.map(({ si, sj, scale }) => {
        const dx = (si - i) * px,
          dy = (sj - j) * py;
        let diff = 0,
          n = 0;
        const mean = [0, 0, 0];
        // a matched cell is compared on its own known pixels: those around it belong to other tiles
        if (matched)
          for (let y = ya; y <= yb; y++)
            for (let x = xa; x <= xb; x++) {
              const p = y * w + x;
              if (hole[p]) continue;
              const q = Math.round(y + dy) * w + Math.round(x + dx);
              for (let k = 0; k < 3; k++) {
                const d = rgb[p * 3 + k] - rgb[q * 3 + k];
                diff += Math.abs(d);
                mean[k] += d;
              }
              n++;
            }
        const error = n ? diff / (3 * n) : 0;
        // the tile's known part sets the light of its copy
        const offset = n ? (mean.map((v) => v / n) as [number, number, number]) : undefined;
        return { dx, dy, error, offset, sharp: scale >= need, score: error + DISTANCE_COST * Math.hypot(si - i, sj - j) };
      });
      scored.sort((a, b) => a.score - b.score);
      // the sharp sources when one of them fits, else any
      const sharp = scored.filter((c) => c.sharp && (!matched || c.error <= MAX_CELL_ERROR));
      const among = sharp.length ? sharp : scored;
      const pick = matched ? among[0] : among[Math.floor(draw() * Math.min(DRAWN_AMONG, among.length))];
      if (matched && pick.error > MAX_CELL_ERROR) return null;
      // a matched cell's copy carries its own light, so it is a copy of its own
      const key = matched ? `${i},${j}` : `${pick.dx},${pick.dy}`;
      let k = copyIndex.get(key);
      if (k === undefined) {
        if (copies.length >= MAX_COPIES) return null;
        k = copies.length;
        copies.push({ dx: pick.dx, dy: pick.dy, tone: 0, error: pick.error, coverage: 1, offset: matched ? pick.offset : undefined });
        copyIndex.set(key, k);
      }
      for (let y = ya; y <= yb; y++) for (let x = xa; x <= xb; x++) if (hole[y * w + x]) choice[y * w + x] = k + 1;
    }
  return { copies, choice };
}

/** Gradient magnitude of luma along x (axis 0) or y (axis 1), -1 where a hole pixel is involved. */
export function gradient(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, axis: 0 | 1): Float32Array {
  const step = axis === 0 ? 1 : w;
  const g = new Float32Array(w * h).fill(-1);
  for (let p = step; p < w * h - step; p++) if (!hole[p] && !hole[p - step] && !hole[p + step]) g[p] = Math.abs(lumaAt(rgb, p + step) - lumaAt(rgb, p - step));
  return g;
}

/** Correlation of `g` with itself shifted by (dx, dy) over the known pairs in `win`; NaN with too few pairs. */
export function selfAgreement(g: Float32Array, w: number, h: number, win: Bounds, dx: number, dy: number): number {
  const c = new PairCorrelation();
  for (let y = Math.max(0, win.y0); y <= Math.min(h - 1, win.y1); y++) {
    const yy = y + dy;
    if (yy < 0 || yy >= h) continue;
    for (let x = Math.max(0, win.x0); x <= Math.min(w - 1, win.x1); x++) {
      const xx = x + dx;
      if (xx < 0 || xx >= w) continue;
      const a = g[y * w + x],
        b = g[yy * w + xx];
      if (a >= 0 && b >= 0) c.add(a, b);
    }
  }
  return c.n < MIN_PAIRS ? NaN : c.value();
}

/** A step of the grid holds when the joints across it land on joints one step on (correlation of the gradient). */
const STEP_AGREEMENT = 0.35;
/**
 * Below this a box beside the hole contradicts the grid (a cabinet, a window); between it and STEP_AGREEMENT the box
 * cannot tell (on the kitchen's floor the box above a hole grown by the engine's 3 px reached the cabinets' plinth
 * and read 0.31 where the ungrown hole's read 0.41).
 */
const CONTRADICTS = 0.2;
/** Boxes around the hole that must show the grid (the others lying outside the view or too unknown to tell). */
const MIN_SIDES_SEEN = 3;
/** Pairs needed for a correlation to count. */
const MIN_PAIRS = 200;

/**
 * Whether the joints across the other axis land on joints one period on along `axis`: tiles laid square (a stack
 * bond). In a running bond (bricks, subway tiles) each course's head joints fall between those of the course beside
 * it; copied cell by cell from courses of either parity it breaks into vertical seams (seen on the brick facade), so
 * such a grid is left to the whole copies, which keep the bond.
 */
function stacked(across: Float32Array, w: number, h: number, win: Bounds, axis: 0 | 1, period: number): boolean {
  const d = Math.round(period);
  return selfAgreement(across, w, h, win, axis === 0 ? d : 0, axis === 1 ? d : 0) >= STEP_AGREEMENT;
}

/**
 * Whether the grid runs all round the hole: of the eight boxes beside the hole's box (corners and sides, half the
 * hole's size or two steps, whichever is more), none contradicts it and at least three show it. A box shows it
 * where, along each axis it has enough known pairs for, the gradient agrees with itself one step on. A hole over
 * tiles and the cabinet or window beside them has no grid on that side: a cell-by-cell fill would carry tiles into
 * the cabinet or the window's panes into the wall.
 */
export function gridAllRound(g: Float32Array, hole: Uint8Array, w: number, h: number, step: [number, number]): boolean {
  const holeBox = bounds(hole, w, h);
  if (!holeBox) return false;
  const { x0, y0, x1, y1 } = holeBox;
  const bw = Math.max(Math.round((x1 - x0 + 1) / 2), Math.ceil(2 * step[0]) + 4),
    bh = Math.max(Math.round((y1 - y0 + 1) / 2), Math.ceil(2 * step[1]) + 4);
  const xs = [
      [x0 - bw, x0 - 1],
      [x0, x1],
      [x1 + 1, x1 + bw],
    ],
    ys = [
      [y0 - bh, y0 - 1],
      [y0, y1],
      [y1 + 1, y1 + bh],
    ];
  let seen = 0;
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) {
      if (a === 1 && b === 1) continue;
      const box = { x0: Math.max(0, xs[a][0]), x1: Math.min(w - 1, xs[a][1]), y0: Math.max(0, ys[b][0]), y1: Math.min(h - 1, ys[b][1]) };
      if (box.x1 < box.x0 || box.y1 < box.y0) continue;
      // a box too small or too unknown for a step along an axis says nothing along it (NaN)
      const along = [selfAgreement(g, w, h, box, Math.round(step[0]), 0), selfAgreement(g, w, h, box, 0, Math.round(step[1]))];
      if (along.some((v) => v < CONTRADICTS)) return false;
      // along an axis it can tell, the box shows the grid
      const told = along.filter((v) => !Number.isNaN(v));
      if (told.length && told.every((v) => v >= STEP_AGREEMENT)) seen++;
    }
  return seen >= MIN_SIDES_SEEN;
}

/**
 * The grid around the rectified hole (its joint period along each axis, from the gradient's magnitude so that tiles
 * of different tones do not double it, and where the joints lie), and the cell-by-cell fill on it; null without a
 * grid along both axes or without a fill that agrees with the border.
 */
export function findGridFill(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  win: Bounds,
  seed: number,
  scaleAt?: (x: number, y: number) => number,
): PeriodFill | null {
  const measured = [measurePeriod(rgb, hole, w, h, 0, win, true), measurePeriod(rgb, hole, w, h, 1, win, true)];
  if (!measured[0] || !measured[1]) return null;
  const [dx, dy] = [gradient(rgb, hole, w, h, 0), gradient(rgb, hole, w, h, 1)];
  const [gx, gy] = [jointGrid(dx, hole, w, h, 0, measured[0], win), jointGrid(dy, hole, w, h, 1, measured[1], win)];
  // the step along x is checked on the joints running across y and the other way round
  if (!stacked(dy, w, h, win, 0, gx.period) || !stacked(dx, w, h, win, 1, gy.period)) return null;
  const step: [number, number] = [gx.period, gy.period];
  const both = dx.map((v, p) => (v < 0 || dy[p] < 0 ? -1 : v + dy[p]));
  if (!gridAllRound(both, hole, w, h, step)) return null;
  return findLatticeFill(rgb, hole, w, h, step, [gx.phase, gy.phase], seed, scaleAt);
}
