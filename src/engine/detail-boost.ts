/**
 * Detail's filter: a boost of the texture band that cannot ring and cannot make grain.
 *
 * An unsharp mask adds k·(x − blur(x)) everywhere: next to a strong edge that is an overshoot on both sides (a light
 * rim, a dark rim), and on a flat area it amplifies whatever faint noise is there into grain. Here only luma's texture
 * band (luma minus its fine Gaussian, plus `coarseWeight` times the fine minus the coarse Gaussian) is boosted, and
 * - softly cored: a band value of `noise` gets half the boost, a quarter of it a seventeenth, so flat and nearly flat
 *   areas stay as they are (a flat area's band is 0: it comes out unchanged);
 * - near strong edges (the largest gradient within `edgeReach` px going from `edgeBand[0]` to `edgeBand[1]`) the gain
 *   falls to `edgeGain` of itself and the result is held inside the range of the fine Gaussian over the pixel's
 *   (2·`range` + 1)² neighbourhood: a slope steepens, but nothing goes above the brightest or below the darkest of the
 *   smoothed neighbours, which is what a halo is (the network's own slight overshoot there is trimmed by the same
 *   clamp), and the reduced gain keeps an edge from snapping to a jagged one-pixel step.
 * Away from edges, in texture, the boost is free of the clamp; so is it on an edge too faint to count (a soft step of 25 levels
 * rings by about 5 levels at Detail's preset). The same offset goes to each plane, so no colour fringes.
 *
 * Given the model's input tile, the boost is also capped by the input's own texture: a faithful upscale has no more
 * local texture contrast than the low-resolution picture has at the same place. Without the cap a fine, low-contrast
 * grain (a render's stucco) that the network softened came out as a coarser, rougher speckle than the original's;
 * where the input has the texture (marble cracks, leaves) the cap leaves the boost alone.
 */

import { gaussianBlurPlanar } from './detail-filter.js';
import type { TileInput } from './tiled-inference.js';

export interface DetailBoost {
  /** Gain of the band; 0 leaves the tile as it is. */
  amount: number;
  /** σ of the fine Gaussian, output pixels. */
  fine: number;
  /** σ of the coarse Gaussian, output pixels (> `fine`). */
  coarse: number;
  /** Weight of the band between the fine and the coarse Gaussian beside the band above the fine one. */
  coarseWeight: number;
  /** Coring threshold on the band, 0..1 units (a level is 1/255). */
  noise: number;
  /** Radius of the neighbourhood whose smoothed range holds the result near edges. */
  range: number;
  /** Share of the gain kept where the clamp is whole (at edges), so an edge steepens without snapping to a step. */
  edgeGain: number;
  /** Radius within which an edge's gradient counts. */
  edgeReach: number;
  /** Gradient (0..1 per output pixel, fine-smoothed luma) from which the clamp starts, and at which it is whole. */
  edgeBand: [number, number];
  /**
   * The cap by the input's own texture (applied when the filter is given the model's input tile): the local RMS of
   * the boosted output's finest band (luma minus its Gaussian of σ `fine`, squared, smoothed by a Gaussian of σ
   * `reach`, square root; both in input pixels, scaled to the output; on the output the smoothing is worked out on
   * blocks of one input pixel) may not exceed `ratio` times the same measure
   * of the input, brought to the output's pixels; where it would, the added offset is scaled down until it does not
   * (never below the un-boosted output: only what the boost adds is limited).
   */
  cap?: { ratio: number; fine: number; reach: number };
}

/**
 * Running maximum over ±r along one axis, van Herk / Gil-Werman: a prefix and a suffix maximum per block of 2r + 1
 * positions, then each window (at most two blocks) is the suffix of its first block and the prefix of its last, three
 * comparisons a value whatever r is. The axis has `n` positions of `len` values each, position i starting at
 * `i · stride` and its values `step` apart (rows: stride 1, step w; columns: stride w, step 1, so the column pass
 * walks whole rows).
 */
function runningMax(src: Float32Array, n: number, len: number, stride: number, step: number, r: number): Float32Array {
  const span = 2 * r + 1;
  const pre = new Float32Array(src.length),
    suf = new Float32Array(src.length),
    out = new Float32Array(src.length);
  for (let i = 0, inBlock = 0; i < n; i++, inBlock = inBlock === span - 1 ? 0 : inBlock + 1) {
    const at0 = i * stride;
    if (inBlock === 0) for (let j = 0, at = at0; j < len; j++, at += step) pre[at] = src[at];
    else
      for (let j = 0, at = at0; j < len; j++, at += step) {
        const p = pre[at - stride],
          v = src[at];
        pre[at] = p > v ? p : v;
      }
  }
  for (let i = n - 1; i >= 0; i--) {
    const at0 = i * stride;
    if (i === n - 1 || (i + 1) % span === 0) for (let j = 0, at = at0; j < len; j++, at += step) suf[at] = src[at];
    else
      for (let j = 0, at = at0; j < len; j++, at += step) {
        const q = suf[at + stride],
          v = src[at];
        suf[at] = q > v ? q : v;
      }
  }
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - r),
      b = Math.min(n - 1, i + r);
    const at0 = i * stride,
      ia = a * stride - at0,
      ib = b * stride - at0;
    if (Math.floor(a / span) !== Math.floor(b / span))
      for (let j = 0, at = at0; j < len; j++, at += step) {
        const u = suf[at + ia],
          v = pre[at + ib];
        out[at] = u > v ? u : v;
      }
    // within one block the window starts the block (prefix) or, clamped at the end, ends the values (suffix)
    else if (a % span === 0) for (let j = 0, at = at0; j < len; j++, at += step) out[at] = pre[at + ib];
    else for (let j = 0, at = at0; j < len; j++, at += step) out[at] = suf[at + ia];
  }
  return out;
}

/** The largest value over ±r along rows then columns (a (2r+1)² square), edges clamped to the plane. */
export function localMax(src: Float32Array, w: number, h: number, r: number): Float32Array {
  return runningMax(runningMax(src, w, h, 1, w, r), h, w, w, 1, r);
}

/** Running min and max over ±r (a (2r+1)² square); the minimum is the maximum of the negated plane. */
function localRange(src: Float32Array, w: number, h: number, r: number): { lo: Float32Array; hi: Float32Array } {
  const neg = new Float32Array(src.length);
  for (let i = 0; i < neg.length; i++) neg[i] = -src[i];
  const lo = localMax(neg, w, h, r);
  for (let i = 0; i < lo.length; i++) lo[i] = -lo[i];
  return { lo, hi: localMax(src, w, h, r) };
}

const lumaOf = (planes: Float32Array, n: number, k = 1): Float32Array => {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = k * (0.299 * planes[i] + 0.587 * planes[n + i] + 0.114 * planes[2 * n + i]);
  return out;
};

/** A plane minus its Gaussian of σ `sigma`: its finest band. */
function fineBand(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const blur = gaussianBlurPlanar(src, w, h, sigma);
  for (let i = 0; i < blur.length; i++) blur[i] = src[i] - blur[i];
  return blur;
}

/** The Gaussian (σ `sigma`) of the product a·b: a local mean square (a = b) or cross term. */
function localMean(a: Float32Array, b: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const p = new Float32Array(a.length);
  for (let i = 0; i < p.length; i++) p[i] = a[i] * b[i];
  return gaussianBlurPlanar(p, w, h, sigma);
}

/** Bilinear sample of a bw×bh grid at (fx, fy), clamped to its edges. */
function bilinear(grid: Float32Array, bw: number, bh: number, fx: number, fy: number): number {
  const x = Math.min(bw - 1, Math.max(0, fx)),
    y = Math.min(bh - 1, Math.max(0, fy));
  const x0 = Math.floor(x),
    y0 = Math.floor(y);
  const x1 = Math.min(bw - 1, x0 + 1),
    y1 = Math.min(bh - 1, y0 + 1);
  const tx = x - x0,
    ty = y - y0;
  const top = grid[y0 * bw + x0] * (1 - tx) + grid[y0 * bw + x1] * tx;
  const bottom = grid[y1 * bw + x0] * (1 - tx) + grid[y1 * bw + x1] * tx;
  return top * (1 - ty) + bottom * ty;
}

/**
 * `localMean` of a·b for a wide σ, worked out on blocks of `block`² pixels (their mean), blurred there by σ / block
 * and brought back bilinearly: a mean over σ = 2 low-resolution px is smooth at the scale of one low-resolution
 * pixel, and the blur then runs on 1/block² of the pixels with 1/block of the taps.
 */
function localMeanBlocks(a: Float32Array, b: Float32Array, w: number, h: number, sigma: number, block: number): Float32Array {
  if (block <= 1) return localMean(a, b, w, h, sigma);
  const bw = Math.ceil(w / block),
    bh = Math.ceil(h / block);
  const sums = new Float32Array(bw * bh);
  const counts = new Float32Array(bw * bh);
  for (let y = 0; y < h; y++) {
    const row = ((y / block) | 0) * bw;
    for (let x = 0; x < w; x++) {
      const k = row + ((x / block) | 0);
      sums[k] += a[y * w + x] * b[y * w + x];
      counts[k]++;
    }
  }
  for (let k = 0; k < sums.length; k++) sums[k] /= counts[k];
  const blurred = gaussianBlurPlanar(sums, bw, bh, sigma / block);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = (y + 0.5) / block - 0.5;
    for (let x = 0; x < w; x++) out[y * w + x] = bilinear(blurred, bw, bh, (x + 0.5) / block - 0.5, fy);
  }
  return out;
}

/**
 * The input's local band RMS (`cap`'s measure) brought to the output tile's pixels, bilinearly: the output covers the
 * input tile at `w / input.width` times its size, pixel centres aligned.
 */
function inputRms(input: TileInput, w: number, h: number, cap: NonNullable<DetailBoost['cap']>): Float32Array {
  const { width: iw, height: ih } = input;
  const [lo, hi] = input.range;
  const band = fineBand(lumaOf(input.data, iw * ih, 1 / (hi - lo)), iw, ih, cap.fine);
  const ms = localMean(band, band, iw, ih, cap.reach);
  const sx = iw / w;
  const sy = ih / h;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = (y + 0.5) * sy - 0.5;
    for (let x = 0; x < w; x++) out[y * w + x] = Math.sqrt(Math.max(0, bilinear(ms, iw, ih, (x + 0.5) * sx - 0.5, fy)));
  }
  return out;
}

/**
 * Scales the offset `d` (added to `luma`) down in place where the output's local band RMS would pass `ratio` times the
 * input's (`bound`). The band is linear, so the RMS of luma + f·d is √(A f² + 2B f + C) with A, B, C the local means of
 * d's band², the cross term and luma's band²; f is the largest in [0, 1] that keeps it within the bound (0 where the
 * un-boosted output already passes it). At edges (weight `edge`) the offset is the halo clamp's and is kept whole.
 */
function capOffset(
  luma: Float32Array,
  d: Float32Array,
  edge: Float32Array,
  w: number,
  h: number,
  scale: number,
  cap: NonNullable<DetailBoost['cap']>,
  bound: Float32Array,
) {
  const bu = fineBand(luma, w, h, cap.fine * scale);
  const bd = fineBand(d, w, h, cap.fine * scale);
  const reach = cap.reach * scale;
  const block = Math.max(1, Math.floor(scale));
  const A = localMeanBlocks(bd, bd, w, h, reach, block);
  const B = localMeanBlocks(bu, bd, w, h, reach, block);
  const C = localMeanBlocks(bu, bu, w, h, reach, block);
  for (let i = 0; i < d.length; i++) {
    const t = cap.ratio * bound[i];
    const c = C[i] - t * t;
    const a = A[i];
    if (a + 2 * B[i] + c <= 0 || a <= 1e-12) continue;
    const f = c >= 0 ? 0 : (-B[i] + Math.sqrt(Math.max(0, B[i] * B[i] - a * c))) / a;
    d[i] *= edge[i] + (1 - edge[i]) * Math.min(1, Math.max(0, f));
  }
}

/** Boosts the texture band of a planar RGB tile (0..1, w×h per plane) in place; see the module comment. */
export function detailBoostInPlace(tile: Float32Array, w: number, h: number, p: DetailBoost, input?: TileInput): void {
  if (p.amount <= 0) return;
  const n = w * h;
  const luma = lumaOf(tile, n);
  const fine = gaussianBlurPlanar(luma, w, h, p.fine);
  const coarse = gaussianBlurPlanar(fine, w, h, Math.sqrt(p.coarse * p.coarse - p.fine * p.fine));
  // squared gradient of the smoothed luma: large across edges, small inside texture; then its largest value nearby
  const grad = new Float32Array(n);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const gx = fine[y * w + Math.min(w - 1, x + 1)] - fine[y * w + Math.max(0, x - 1)];
      const gy = fine[Math.min(h - 1, y + 1) * w + x] - fine[Math.max(0, y - 1) * w + x];
      grad[y * w + x] = (gx * gx + gy * gy) / 4;
    }
  const nearEdge = localMax(grad, w, h, p.edgeReach);
  const { lo, hi } = localRange(fine, w, h, p.range);
  const t2 = p.noise * p.noise;
  const [e0, e1] = p.edgeBand;
  const offset = new Float32Array(n);
  const edges = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const band = luma[i] - fine[i] + p.coarseWeight * (fine[i] - coarse[i]);
    const b2 = band * band;
    // the clamp fades in with the first unit of gain, so a small amount moves the output a little
    const e = Math.min(1, p.amount) * Math.min(1, Math.max(0, (Math.sqrt(nearEdge[i]) - e0) / (e1 - e0)));
    const gain = p.amount * (1 - e * (1 - p.edgeGain));
    let v = b2 > 0 ? luma[i] + (gain * b2 * band) / (b2 + t2) : luma[i];
    const held = v < lo[i] ? lo[i] : v > hi[i] ? hi[i] : v;
    v = e * held + (1 - e) * v;
    offset[i] = v - luma[i];
    edges[i] = e;
  }
  if (p.cap && input) capOffset(luma, offset, edges, w, h, w / input.width, p.cap, inputRms(input, w, h, p.cap));
  for (let i = 0; i < n; i++) {
    const d = offset[i];
    tile[i] += d;
    tile[n + i] += d;
    tile[2 * n + i] += d;
  }
}
