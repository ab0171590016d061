/**
 * Line segments in the manner of LSD (von Gioi et al. 2012), without its a-contrario validation: pixels with a
 * clear gradient are grouped into regions whose level-line angles agree within 22.5°, strongest gradients
 * first, and each region that fits a long thin rectangle densely becomes a segment.
 */

import { gaussianBlurPlanar } from '@engine/detail-filter.js';
import { dilate } from '../dilate.js';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
}

export interface SegmentOptions {
  /** Gradient magnitude (luma levels) below which a pixel carries no direction; LSD's ρ for q = 2 is 5.2. */
  minGradient?: number;
  /** Shortest segment kept, in pixels. */
  minLength?: number;
  /** Pixels (1) whose gradient is ignored, e.g. the object being removed. */
  ignore?: Uint8Array;
  /**
   * LSD's own refinements, for lines among texture: luma smoothed by a Gaussian of σ REFINE_SIGMA first (a slanted
   * 1 px joint is a staircase without it), and a region too sparse for a line cut down to its densest band (a kerb's
   * edge grows into the asphalt beside it).
   */
  refine?: boolean;
  /** σ of a Gaussian luma is smoothed by before the gradient (0: none; `refine` smooths by REFINE_SIGMA). */
  smooth?: number;
}

const ANGLE_TOLERANCE = Math.PI / 8;
/** σ of the smoothing before the gradient when refining (LSD smooths by 0.6 / 0.8 = 0.75 px as it scales by 0.8; here at full scale). */
const REFINE_SIGMA = 0.8;
/** Share of the fitted rectangle covered by the region's pixels: below it the region is a curve or a blob. */
const MIN_DENSITY = 0.6;

/** `luma` row-major w × h. Deterministic: pixels are visited by gradient magnitude, ties in scan order. */
export function detectSegments(input: Float32Array, w: number, h: number, opts: SegmentOptions = {}): Segment[] {
  const sigma = opts.refine ? REFINE_SIGMA : (opts.smooth ?? 0);
  const luma = sigma > 0 ? gaussianBlurPlanar(input, w, h, sigma) : input;
  // the smoothing carries what is ignored (the object being removed) this far out: so far is ignored too
  const ignore = opts.ignore && sigma > 0 ? dilate(opts.ignore, w, h, Math.ceil(3 * sigma)) : opts.ignore;
  const minGradient = opts.minGradient ?? 5.2;
  const minLength = opts.minLength ?? 10;
  const n = w * h;
  const mag = new Float32Array(n);
  const ang = new Float32Array(n);
  // 2×2 differences as LSD: the gradient sits at the pixel's lower-right corner, no smoothing across edges
  for (let y = 0; y < h - 1; y++)
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x;
      const a = luma[i],
        b = luma[i + 1],
        c = luma[i + w],
        d = luma[i + w + 1];
      const gx = (b + d - a - c) / 2,
        gy = (c + d - a - b) / 2;
      const m = ignore && (ignore[i] || ignore[i + 1] || ignore[i + w] || ignore[i + w + 1]) ? 0 : Math.hypot(gx, gy);
      mag[i] = m;
      ang[i] = Math.atan2(gx, -gy); // level-line angle
    }
  // bucket order, strongest first
  const BINS = 1024;
  let maxMag = 0;
  for (let i = 0; i < n; i++) if (mag[i] > maxMag) maxMag = mag[i];
  if (maxMag <= minGradient) return [];
  const binOf = (m: number) => Math.min(BINS - 1, Math.floor(((m - minGradient) / (maxMag - minGradient)) * BINS));
  const counts = new Int32Array(BINS + 1);
  for (let i = 0; i < n; i++) if (mag[i] > minGradient) counts[BINS - 1 - binOf(mag[i]) + 1]++;
  for (let b = 1; b <= BINS; b++) counts[b] += counts[b - 1];
  const order = new Int32Array(counts[BINS]);
  const fillPos = counts.slice(0, BINS);
  for (let i = 0; i < n; i++) if (mag[i] > minGradient) order[fillPos[BINS - 1 - binOf(mag[i])]++] = i;

  const used = new Uint8Array(n);
  const region = new Int32Array(n);
  const segments: Segment[] = [];
  for (let k = 0; k < order.length; k++) {
    const seed = order[k];
    if (used[seed]) continue;
    let len = 0;
    region[len++] = seed;
    used[seed] = 1;
    let sx = Math.cos(ang[seed]),
      sy = Math.sin(ang[seed]);
    let theta = ang[seed];
    for (let r = 0; r < len; r++) {
      const p = region[r];
      const px = p % w,
        py = (p / w) | 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const qx = px + dx,
            qy = py + dy;
          if (qx < 0 || qy < 0 || qx >= w - 1 || qy >= h - 1) continue;
          const q = qy * w + qx;
          if (used[q] || mag[q] <= minGradient) continue;
          let d = Math.abs(ang[q] - theta);
          if (d > Math.PI) d = 2 * Math.PI - d;
          if (d > ANGLE_TOLERANCE) continue;
          used[q] = 1;
          region[len++] = q;
          sx += Math.cos(ang[q]);
          sy += Math.sin(ang[q]);
          theta = Math.atan2(sy, sx);
        }
    }
    if (len < minLength) continue;
    const seg = fitRectangle(region, len, w, mag, theta, opts.refine ? TRIM_ROUNDS : 0, used);
    if (seg && seg.length >= minLength) segments.push(seg);
  }
  return segments;
}

/**
 * When refining, an edge with texture beside it (a kerb against asphalt, a facade's base against paving) grows a
 * region wider and sparser than a line: it is cut down to its densest band this many pixels wide across the fitted
 * axis and fitted again, at most TRIM_ROUNDS times (LSD's rectangle improvement, in its simplest form).
 */
const CORE_WIDTH = 3;
const TRIM_ROUNDS = 2;

/**
 * Segment of the region, cut down to its core band (at most `rounds` times) while it is too sparse; null if it stays
 * so. Pixels cut away are marked unused again (`used`), free to seed or join another segment (a parallel edge beside).
 */
function fitRectangle(region: Int32Array, len: number, w: number, mag: Float32Array, theta: number, rounds: number, used: Uint8Array): Segment | null {
  let pixels = region.subarray(0, len);
  for (let round = 0; ; round++) {
    const fit = rectangleOf(pixels, w, mag, theta);
    if (!fit) return null;
    if (fit.dense) return fit.segment;
    if (round === rounds) return null;
    const core = coreBand(pixels, w, fit);
    if (core.length === pixels.length) return null;
    const kept = new Set(core);
    for (const p of pixels) if (!kept.has(p)) used[p] = 0;
    pixels = core;
  }
}

interface Rectangle {
  segment: Segment;
  /** Dense and thin enough to be a line. */
  dense: boolean;
  cx: number;
  cy: number;
  ux: number;
  uy: number;
}

/** Rectangle of the pixels (centre of gradient mass, principal axis of inertia); null if its axis disagrees with `theta`. */
function rectangleOf(pixels: Int32Array, w: number, mag: Float32Array, theta: number): Rectangle | null {
  const len = pixels.length;
  let sw = 0,
    cx = 0,
    cy = 0;
  for (let r = 0; r < len; r++) {
    const p = pixels[r];
    const m = mag[p];
    sw += m;
    cx += m * ((p % w) + 0.5);
    cy += m * (((p / w) | 0) + 0.5);
  }
  cx /= sw;
  cy /= sw;
  let ixx = 0,
    iyy = 0,
    ixy = 0;
  for (let r = 0; r < len; r++) {
    const p = pixels[r];
    const m = mag[p];
    const dx = (p % w) + 0.5 - cx,
      dy = ((p / w) | 0) + 0.5 - cy;
    ixx += m * dy * dy;
    iyy += m * dx * dx;
    ixy -= m * dx * dy;
  }
  // principal axis: eigenvector of the smallest eigenvalue of the inertia matrix
  const lambda = 0.5 * (ixx + iyy - Math.sqrt((ixx - iyy) * (ixx - iyy) + 4 * ixy * ixy));
  let ang = Math.abs(ixx) > Math.abs(iyy) ? Math.atan2(lambda - ixx, ixy) : Math.atan2(ixy, lambda - iyy);
  // the axis must agree with the region's level-line angle
  let d = Math.abs(ang - theta) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  if (d > ANGLE_TOLERANCE) return null;
  ang = theta + ((((ang - theta + Math.PI / 2) % Math.PI) + Math.PI) % Math.PI) - Math.PI / 2;
  const ux = Math.cos(ang),
    uy = Math.sin(ang);
  let lmin = Infinity,
    lmax = -Infinity,
    wmin = Infinity,
    wmax = -Infinity;
  for (let r = 0; r < len; r++) {
    const p = pixels[r];
    const dx = (p % w) + 0.5 - cx,
      dy = ((p / w) | 0) + 0.5 - cy;
    const l = dx * ux + dy * uy,
      t = -dx * uy + dy * ux;
    if (l < lmin) lmin = l;
    if (l > lmax) lmax = l;
    if (t < wmin) wmin = t;
    if (t > wmax) wmax = t;
  }
  const length = lmax - lmin + 1,
    width = wmax - wmin + 1;
  const dense = len / (length * width) >= MIN_DENSITY && width <= Math.max(3, length / 4);
  // the 2×2 gradient sits half a pixel right and below the pixel's centre
  const ox = cx + 0.5,
    oy = cy + 0.5;
  return { segment: { x1: ox + lmin * ux, y1: oy + lmin * uy, x2: ox + lmax * ux, y2: oy + lmax * uy, length: lmax - lmin }, dense, cx, cy, ux, uy };
}

/** The pixels within the CORE_WIDTH-wide band across the rectangle's axis that holds most of them. */
function coreBand(pixels: Int32Array, w: number, fit: Rectangle): Int32Array {
  const across = new Int32Array(pixels.length);
  let lo = Infinity,
    hi = -Infinity;
  pixels.forEach((p, r) => {
    const t = Math.round(-((p % w) + 0.5 - fit.cx) * fit.uy + (((p / w) | 0) + 0.5 - fit.cy) * fit.ux);
    across[r] = t;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  });
  const count = new Int32Array(hi - lo + 1);
  for (const t of across) count[t - lo]++;
  let best = 0,
    from = lo;
  for (let b = lo; b + CORE_WIDTH - 1 <= Math.max(hi, lo + CORE_WIDTH - 1); b++) {
    let n = 0;
    for (let t = b; t < b + CORE_WIDTH && t <= hi; t++) n += count[t - lo];
    if (n > best) {
      best = n;
      from = b;
    }
  }
  return pixels.filter((_, r) => across[r] >= from && across[r] < from + CORE_WIDTH);
}
