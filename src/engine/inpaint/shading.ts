/**
 * Shading that matches: copied patches carry the illumination of where they were copied from (a sun patch,
 * the dark corner of an ambient-occlusion gradient). The fill keeps its high band (texture, joints, grain)
 * and takes its low band (shading) from a membrane stretched over the hole's surroundings:
 *
 * - Cells of σ px; the low band of a cell is the per-channel median of its known pixels (cells next to the
 *   hole) or of its filled pixels (cells holding hole pixels): a median ignores grout and joints, the minority
 *   of a cell, and reaches no further than its cell.
 * - The known cells next to the hole are the membrane's boundary. Those off the surface (a plane fitted
 *   robustly to the boundary's luma) are left out; when more than a quarter are off, the surroundings are not
 *   one surface and the fill keeps its light. It keeps it too when its cells lie no further from that plane
 *   than 1.5× the border's own cells do: copied light that already follows the surface is not touched.
 * - The membrane solves Laplace over the hole's cells (Gauss–Seidel with over-relaxation): a harmonic
 *   interpolation, exact for a linear ramp. Each hole pixel moves by the membrane minus its cell's fill median
 *   (bilinear between cells).
 *
 * Straight edges continued through the hole (`structure.ts`) that separate two regions (a step of 16 levels
 * between their sides) are walls for the membrane: the floor's shading never leaks past its meeting line with
 * the wall. Thin lines (grout, joints) live in the high band and are left alone.
 */
import type { GuideLine } from './structure.js';

export interface ShadingOptions {
  /** Low-pass scale in pixels: the side of the cells whose medians are the low band. */
  sigma: number;
  lines?: GuideLine[];
}

/** The side of every guide line a point lies on, as a bit mask: points with another mask are not neighbours. */
function sideOf(lines: GuideLine[], x: number, y: number): number {
  let m = 0;
  for (let k = 0; k < lines.length; k++) if (x * lines[k].cos + y * lines[k].sin >= lines[k].rho) m |= 1 << k;
  return m;
}

/** A guide line is a wall for the shading when the known pixels beside it differ by this much (levels of luma). */
const WALL_STEP = 16;

/**
 * The guide lines that separate two regions (floor and wall, a dark band on a rug): the mean luma of the known
 * pixels in a strip on each side (2 px to 2 px + σ/2 from the line, along its supported extent) differs by
 * WALL_STEP or more. A thin line with the same surface on both sides (grout, a joint) is no wall: its surface's
 * shading runs on across it.
 */
function regionWalls(img: Float32Array, channels: number, hole: Uint8Array, w: number, h: number, lines: GuideLine[], sigma: number): GuideLine[] {
  const far = 2 + sigma / 2;
  const walls: GuideLine[] = [];
  for (const l of lines) {
    const sum = [0, 0],
      n = [0, 0];
    const px = l.rho * l.cos,
      py = l.rho * l.sin;
    for (let t = l.tMin; t <= l.tMax; t += 1)
      for (let d = 2; d <= far; d += 1)
        for (const side of [0, 1]) {
          const dd = side ? d : -d;
          const x = Math.round(px - t * l.sin + dd * l.cos),
            y = Math.round(py + t * l.cos + dd * l.sin);
          if (x < 0 || y < 0 || x >= w || y >= h || hole[y * w + x]) continue;
          const i = (y * w + x) * channels;
          sum[side] += 0.299 * img[i] + 0.587 * img[i + 1] + 0.114 * img[i + 2];
          n[side]++;
        }
    if (n[0] && n[1] && Math.abs(sum[0] / n[0] - sum[1] / n[1]) >= WALL_STEP) walls.push(l);
  }
  return walls;
}

/**
 * The boundary cells of the membrane (known cells next to the region) whose low band is not the surface's own:
 * a bright pilaster or the sky beside a wall. A plane (a + b·x + c·y) is fitted to the boundary's luma, twice
 * without the cells more than 2.5 robust deviations (at least 3 levels) off it; those cells are left out of
 * the boundary, so the membrane spans the surface the hole lies on.
 */
function outliers(low: Float64Array, free: Uint8Array, gw: number, gh: number): { ring: number; off: number[]; plane: number[] } {
  const ring: number[] = [];
  for (let c = 0; c < gw * gh; c++) {
    if (free[c]) continue;
    const x = c % gw,
      y = (c / gw) | 0;
    if ((x > 0 && free[c - 1]) || (x < gw - 1 && free[c + 1]) || (y > 0 && free[c - gw]) || (y < gh - 1 && free[c + gw])) ring.push(c);
  }
  const lum = (c: number) => 0.299 * low[c * 3] + 0.587 * low[c * 3 + 1] + 0.114 * low[c * 3 + 2];
  // a robust start: the median of the boundary, without the cells far off it
  const lums = ring.map(lum);
  const mid = median(lums.slice());
  const spread = Math.max(3, 2.5 * 1.4826 * median(lums.map((l) => Math.abs(l - mid))));
  let kept = ring.filter((_, k) => Math.abs(lums[k] - mid) <= spread);
  let out: number[] = ring.filter((_, k) => Math.abs(lums[k] - mid) > spread);
  let plane = [mid, 0, 0];
  for (let pass = 0; pass < 3 && kept.length >= 6; pass++) {
    // least squares for a + b·x + c·y over the kept cells (normal equations, 3×3)
    const m = [0, 0, 0, 0, 0, 0, 0, 0, 0],
      r = [0, 0, 0];
    for (const c of kept) {
      const v = [1, c % gw, (c / gw) | 0];
      const l = lum(c);
      for (let i = 0; i < 3; i++) {
        r[i] += v[i] * l;
        for (let j = 0; j < 3; j++) m[i * 3 + j] += v[i] * v[j];
      }
    }
    const p = solve3(m, r);
    if (!p) break;
    plane = p;
    const res = ring.map((c) => Math.abs(lum(c) - p[0] - p[1] * (c % gw) - p[2] * ((c / gw) | 0)));
    const sorted = kept.map((c) => res[ring.indexOf(c)]).sort((a, b) => a - b);
    const limit = Math.max(3, 2.5 * 1.4826 * sorted[sorted.length >> 1]);
    kept = ring.filter((_, k) => res[k] <= limit);
    out = ring.filter((_, k) => res[k] > limit);
  }
  return { ring: ring.length, off: out, plane };
}

function solve3(m: number[], r: number[]): number[] | null {
  const det = (a: number[]) => a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((k) => det(m.map((v, i) => (i % 3 === k ? r[(i / 3) | 0] : v))) / d);
}

/** Above this share of boundary cells off the surface's plane, the fill keeps the light it was copied with. */
const MAX_OFF_CELLS = 0.25;

/**
 * Whether the copied fill's light is off the surface's: the median distance of the hole cells to the plane
 * fitted to the border, against that of the border's own cells. A fill whose light already follows the
 * surface is left as copied.
 */
function seamVisible(low: Float64Array, boundary: Uint8Array, hasHole: Uint8Array, plane: number[], gw: number): boolean {
  const off = (c: number) =>
    Math.abs(0.299 * low[c * 3] + 0.587 * low[c * 3 + 1] + 0.114 * low[c * 3 + 2] - plane[0] - plane[1] * (c % gw) - plane[2] * ((c / gw) | 0));
  const inside: number[] = [],
    border: number[] = [];
  for (let c = 0; c < hasHole.length; c++) {
    if (hasHole[c]) inside.push(off(c));
    else if (boundary[c]) border.push(off(c));
  }
  if (inside.length === 0 || border.length === 0) return false;
  return median(inside) > SEAM_FACTOR * Math.max(1, median(border));
}

/** The seam must exceed the border's own cell-to-cell variation this many times to be corrected. */
const SEAM_FACTOR = 1.5;

/** Median of `values` (sorted in place). */
export function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const n = values.length;
  return n % 2 ? values[n >> 1] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

/**
 * The low band as cell medians (cells of σ px): robust to grout and joints (a minority of a cell's pixels)
 * and reaching no further than its cell. Known cells next to the hole are the membrane's boundary (those off
 * the surface's plane left out), the membrane is solved over the cells holding hole pixels, and each hole
 * pixel moves by the membrane minus the median of its cell's fill (bilinear between cells of its side).
 */
export function matchShading(img: Float32Array, channels: number, hole: Uint8Array, w: number, h: number, opts: ShadingOptions): void {
  const lines = regionWalls(img, channels, hole, w, h, opts.lines ?? [], opts.sigma);
  const s = Math.max(2, Math.round(opts.sigma));
  const gw = Math.ceil(w / s),
    gh = Math.ceil(h / s);
  const G = gw * gh;
  const known: number[][][] = Array.from({ length: G }, () => [[], [], []]);
  const filled: number[][][] = Array.from({ length: G }, () => [[], [], []]);
  const hasHole = new Uint8Array(G);
  for (let c = 0; c < G; c++) {
    const cx = c % gw,
      cy = (c / gw) | 0;
    for (let y = cy * s; y < Math.min(h, (cy + 1) * s); y++) for (let x = cx * s; x < Math.min(w, (cx + 1) * s); x++) if (hole[y * w + x]) hasHole[c] = 1;
  }
  // only cells in or next to the hole are needed
  const near = new Uint8Array(G);
  for (let c = 0; c < G; c++) {
    if (!hasHole[c]) continue;
    const cx = c % gw,
      cy = (c / gw) | 0;
    for (let yy = Math.max(0, cy - 1); yy <= Math.min(gh - 1, cy + 1); yy++)
      for (let xx = Math.max(0, cx - 1); xx <= Math.min(gw - 1, cx + 1); xx++) near[yy * gw + xx] = 1;
  }
  for (let c = 0; c < G; c++) {
    if (!near[c]) continue;
    const cx = c % gw,
      cy = (c / gw) | 0;
    for (let y = cy * s; y < Math.min(h, (cy + 1) * s); y++)
      for (let x = cx * s; x < Math.min(w, (cx + 1) * s); x++) {
        const i = y * w + x;
        const into = hole[i] ? filled[c] : known[c];
        for (let ch = 0; ch < 3; ch++) into[ch].push(img[i * channels + ch]);
      }
  }
  const label = new Int32Array(G);
  for (let c = 0; c < G; c++) label[c] = sideOf(lines, ((c % gw) + 0.5) * s - 0.5, (((c / gw) | 0) + 0.5) * s - 0.5);
  const low = new Float64Array(G * 3);
  const boundary = new Uint8Array(G);
  for (let c = 0; c < G; c++) {
    if (!near[c]) continue;
    const cells = hasHole[c] ? filled[c] : known[c];
    if (cells[0].length === 0) continue;
    for (let ch = 0; ch < 3; ch++) low[c * 3 + ch] = median(cells[ch]);
    // a boundary cell needs a quarter of its pixels known
    if (!hasHole[c] && known[c][0].length * 4 >= s * s) boundary[c] = 1;
  }
  const { ring, off, plane } = outliers(low, Uint8Array.from(hasHole), gw, gh);
  if (off.length > MAX_OFF_CELLS * ring) return;
  for (const c of off) boundary[c] = 0;
  if (!seamVisible(low, boundary, hasHole, plane, gw)) return;
  // membrane over the hole cells (Gauss–Seidel with over-relaxation once a cell is reached from the boundary)
  const T = Float64Array.from(low);
  let reached = Uint8Array.from(boundary);
  const steps = [-1, 1, -gw, gw];
  for (let iter = 0; iter < 4 * (gw + gh) + 400; iter++) {
    let change = 0;
    const next = Uint8Array.from(reached);
    for (let c = 0; c < G; c++) {
      if (!hasHole[c]) continue;
      const gx = c % gw;
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        n = 0;
      for (const d of steps) {
        const m = c + d;
        if (m < 0 || m >= G || (d === -1 && gx === 0) || (d === 1 && gx === gw - 1)) continue;
        if (label[m] !== label[c] || !reached[m]) continue;
        s0 += T[m * 3];
        s1 += T[m * 3 + 1];
        s2 += T[m * 3 + 2];
        n++;
      }
      if (n === 0) continue;
      const omega = reached[c] ? 1.7 : 1;
      next[c] = 1;
      const sums = [s0, s1, s2];
      for (let ch = 0; ch < 3; ch++) {
        const v = T[c * 3 + ch] + omega * (sums[ch] / n - T[c * 3 + ch]);
        change = Math.max(change, Math.abs(v - T[c * 3 + ch]));
        T[c * 3 + ch] = v;
      }
    }
    reached = next;
    if (change < 0.01 && iter > gw + gh) break;
  }
  const corr = new Float64Array(G * 3);
  const usable = new Uint8Array(G);
  for (let c = 0; c < G; c++)
    if (hasHole[c] && reached[c] && filled[c][0].length) {
      usable[c] = 1;
      for (let ch = 0; ch < 3; ch++) corr[c * 3 + ch] = T[c * 3 + ch] - low[c * 3 + ch];
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const fx = Math.max(0, Math.min(gw - 1, (x + 0.5) / s - 0.5)),
        fy = Math.max(0, Math.min(gh - 1, (y + 0.5) / s - 0.5));
      const x0 = Math.floor(fx),
        y0 = Math.floor(fy);
      const x1 = Math.min(gw - 1, x0 + 1),
        y1 = Math.min(gh - 1, y0 + 1);
      const ax = fx - x0,
        ay = fy - y0;
      const own = lines.length ? sideOf(lines, x, y) : 0;
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        ws = 0;
      for (const [cx, cy, wt] of [
        [x0, y0, (1 - ax) * (1 - ay)],
        [x1, y0, ax * (1 - ay)],
        [x0, y1, (1 - ax) * ay],
        [x1, y1, ax * ay],
      ]) {
        const c = cy * gw + cx;
        if (wt <= 0 || !usable[c] || label[c] !== own) continue;
        s0 += wt * corr[c * 3];
        s1 += wt * corr[c * 3 + 1];
        s2 += wt * corr[c * 3 + 2];
        ws += wt;
      }
      if (ws === 0) continue;
      img[i * channels] += s0 / ws;
      img[i * channels + 1] += s1 / ws;
      img[i * channels + 2] += s2 / ws;
    }
}
