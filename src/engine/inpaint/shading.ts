/**
 * Shading that matches: copied patches carry the illumination of where they were copied from (a sun patch,
 * the dark corner of an ambient-occlusion gradient). The fill keeps only its high band (texture, joints,
 * grain) and takes its low band (shading) from a membrane stretched over the hole's surroundings:
 *
 * - On a grid of cells (a third of the low-pass scale σ), the low band L is the Gaussian (σ) of the
 *   completed image.
 * - Around the hole, a band 2σ wide is where L is contaminated by the fill; outside it, L is the scene's own
 *   shading. Inside hole plus band, the membrane T solves Laplace (Gauss–Seidel with over-relaxation) with
 *   L outside as its boundary: a harmonic interpolation, exact for a linear ramp.
 * - Each hole pixel moves by T − L of its cell (bilinear between cells); the correction is repeated on the
 *   grid until the completed image's own low band follows the membrane.
 *
 * Straight edges continued through the hole (`structure.ts`) are walls for the blur and the membrane: the
 * floor's shading never leaks into the wall's side of their meeting line. The low band is smooth by
 * construction, so edges that live in the fill (grout, joints) stay untouched in its high band.
 */
import type { GuideLine } from './structure.js';

export interface ShadingOptions {
  /** Low-pass scale in pixels. */
  sigma: number;
  lines?: GuideLine[];
}

/** The side of every guide line a point lies on, as a bit mask: points with another mask are not neighbours. */
function sideOf(lines: GuideLine[], x: number, y: number): number {
  let m = 0;
  for (let k = 0; k < lines.length; k++) if (x * lines[k].cos + y * lines[k].sin >= lines[k].rho) m |= 1 << k;
  return m;
}

/** Passes of blur, membrane and correction: each brings the completed image's low band closer to the membrane. */
const ROUNDS = 5;

/** Above this share of boundary cells off the surface's plane, the fill keeps the light it was copied with. */
const MAX_OFF_SHARE = 0.1;

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
function outliers(low: Float64Array, free: Uint8Array, gw: number, gh: number): { ring: number; off: number[] } {
  const ring: number[] = [];
  for (let c = 0; c < gw * gh; c++) {
    if (free[c]) continue;
    const x = c % gw,
      y = (c / gw) | 0;
    if ((x > 0 && free[c - 1]) || (x < gw - 1 && free[c + 1]) || (y > 0 && free[c - gw]) || (y < gh - 1 && free[c + gw])) ring.push(c);
  }
  const lum = (c: number) => 0.299 * low[c * 3] + 0.587 * low[c * 3 + 1] + 0.114 * low[c * 3 + 2];
  let kept = ring;
  let out: number[] = [];
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
    const res = ring.map((c) => Math.abs(lum(c) - p[0] - p[1] * (c % gw) - p[2] * ((c / gw) | 0)));
    const sorted = kept.map((c) => res[ring.indexOf(c)]).sort((a, b) => a - b);
    const limit = Math.max(3, 2.5 * 1.4826 * sorted[sorted.length >> 1]);
    kept = ring.filter((_, k) => res[k] <= limit);
    out = ring.filter((_, k) => res[k] > limit);
  }
  return { ring: ring.length, off: out };
}

function solve3(m: number[], r: number[]): number[] | null {
  const det = (a: number[]) => a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((k) => det(m.map((v, i) => (i % 3 === k ? r[(i / 3) | 0] : v))) / d);
}

/** Gaussian blur of `v` (3 channels) on the grid, separable, never across cells of another side label. */
function blurLabelled(v: Float64Array, label: Int32Array, gw: number, gh: number, sigma: number): Float64Array {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const k = new Float64Array(2 * r + 1);
  for (let i = -r; i <= r; i++) k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  const pass = (src: Float64Array, dx: number, dy: number) => {
    const out = new Float64Array(src.length);
    for (let y = 0; y < gh; y++)
      for (let x = 0; x < gw; x++) {
        const c = y * gw + x;
        let s0 = 0,
          s1 = 0,
          s2 = 0,
          ws = 0;
        for (let i = -r; i <= r; i++) {
          const xx = x + i * dx,
            yy = y + i * dy;
          if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
          const n = yy * gw + xx;
          if (label[n] !== label[c]) continue;
          const wt = k[i + r];
          s0 += wt * src[n * 3];
          s1 += wt * src[n * 3 + 1];
          s2 += wt * src[n * 3 + 2];
          ws += wt;
        }
        out[c * 3] = s0 / ws;
        out[c * 3 + 1] = s1 / ws;
        out[c * 3 + 2] = s2 / ws;
      }
    return out;
  };
  return pass(pass(v, 1, 0), 0, 1);
}

/**
 * Moves the low band of the fill (`img`, `channels` values per pixel, RGB first) onto the membrane of its
 * surroundings, in place, for the pixels of `hole` only.
 */
export function matchShading(img: Float32Array, channels: number, hole: Uint8Array, w: number, h: number, opts: ShadingOptions): void {
  const lines = regionWalls(img, channels, hole, w, h, opts.lines ?? [], opts.sigma);
  const step = Math.max(1, Math.floor(opts.sigma / 3));
  const gs = opts.sigma / step;
  const gw = Math.ceil(w / step),
    gh = Math.ceil(h / step);
  const G = gw * gh;
  const mean = new Float64Array(G * 3);
  const holeShare = new Float64Array(G);
  const label = new Int32Array(G);
  const count = new Float64Array(G);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = ((y / step) | 0) * gw + ((x / step) | 0);
      const i = y * w + x;
      for (let ch = 0; ch < 3; ch++) mean[c * 3 + ch] += img[i * channels + ch];
      holeShare[c] += hole[i];
      count[c]++;
    }
  for (let c = 0; c < G; c++) {
    for (let ch = 0; ch < 3; ch++) mean[c * 3 + ch] /= count[c];
    holeShare[c] /= count[c];
    const gx = c % gw,
      gy = (c / gw) | 0;
    label[c] = sideOf(lines, (gx + 0.5) * step - 0.5, (gy + 0.5) * step - 0.5);
  }
  // the region solved for: hole cells and the cells next to them; its boundary is the low band right at the
  // hole's edge (further out it would reach other surfaces: a roof above a wall, the wall behind a floor)
  const band = 1;
  const free = new Uint8Array(G);
  for (let c = 0; c < G; c++) {
    if (holeShare[c] === 0) continue;
    const gx = c % gw,
      gy = (c / gw) | 0;
    for (let yy = Math.max(0, gy - band); yy <= Math.min(gh - 1, gy + band); yy++)
      for (let xx = Math.max(0, gx - band); xx <= Math.min(gw - 1, gx + band); xx++) free[yy * gw + xx] = 1;
  }
  const correction = new Float64Array(G * 3);
  const current = Float64Array.from(mean);
  const T = new Float64Array(G * 3);
  const neighbours = [-1, 1, -gw, gw];
  for (let round = 0; round < ROUNDS; round++) {
    const low = blurLabelled(current, label, gw, gh, gs);
    // membrane: boundary values from the low band outside the region, Laplace inside it
    T.set(low);
    let reached = new Uint8Array(G);
    for (let c = 0; c < G; c++) if (!free[c]) reached[c] = 1;
    const { ring, off } = outliers(low, free, gw, gh);
    // surroundings that are not one surface (a wall's edge with sky beyond it): no membrane spans them
    if (off.length > MAX_OFF_SHARE * ring) return;
    for (const c of off) reached[c] = 0;
    for (let iter = 0; iter < 4 * (gw + gh) + 200; iter++) {
      let change = 0;
      const next = Uint8Array.from(reached);
      for (let c = 0; c < G; c++) {
        if (!free[c]) continue;
        const gx = c % gw;
        let s0 = 0,
          s1 = 0,
          s2 = 0,
          n = 0;
        for (const d of neighbours) {
          const m = c + d;
          if (m < 0 || m >= G || (d === -1 && gx === 0) || (d === 1 && gx === gw - 1)) continue;
          if (label[m] !== label[c] || !reached[m]) continue;
          s0 += T[m * 3];
          s1 += T[m * 3 + 1];
          s2 += T[m * 3 + 2];
          n++;
        }
        if (n === 0) continue;
        next[c] = 1;
        const omega = reached[c] ? 1.8 : 1;
        for (const [ch, s] of [
          [0, s0],
          [1, s1],
          [2, s2],
        ]) {
          const v = T[c * 3 + ch] + omega * (s / n - T[c * 3 + ch]);
          change = Math.max(change, Math.abs(v - T[c * 3 + ch]));
          T[c * 3 + ch] = v;
        }
      }
      reached = next;
      if (change < 0.02 && iter > gw + gh) break;
    }
    let moved = 0;
    for (let c = 0; c < G; c++) {
      if (!free[c] || holeShare[c] === 0 || !reached[c]) continue;
      for (let ch = 0; ch < 3; ch++) {
        const d = T[c * 3 + ch] - low[c * 3 + ch];
        correction[c * 3 + ch] += d;
        current[c * 3 + ch] += d * holeShare[c];
        moved = Math.max(moved, Math.abs(d));
      }
    }
    if (moved < 0.5) break;
  }
  // each hole pixel: bilinear correction from the hole cells of its own side
  const isHoleCell = (c: number) => holeShare[c] > 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const fx = Math.max(0, Math.min(gw - 1, (x + 0.5) / step - 0.5)),
        fy = Math.max(0, Math.min(gh - 1, (y + 0.5) / step - 0.5));
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
        if (wt <= 0 || !isHoleCell(c) || label[c] !== own) continue;
        s0 += wt * correction[c * 3];
        s1 += wt * correction[c * 3 + 1];
        s2 += wt * correction[c * 3 + 2];
        ws += wt;
      }
      if (ws === 0) {
        const c = ((y / step) | 0) * gw + ((x / step) | 0);
        s0 = correction[c * 3];
        s1 = correction[c * 3 + 1];
        s2 = correction[c * 3 + 2];
        ws = 1;
      }
      img[i * channels] += s0 / ws;
      img[i * channels + 1] += s1 / ws;
      img[i * channels + 2] += s2 / ws;
    }
}
