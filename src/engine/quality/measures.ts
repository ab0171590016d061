/**
 * Image measures a mode cannot game, each against the original a crop was downscaled from (so the original is the
 * truth) or between two modes' outputs. All work on 8-bit RGB (3 channels, row-major) and on luma.
 *
 * - `textureKept`: how much of the original's texture an output keeps, by the correlation of log-magnitude spectra
 *   of textured 32×32 windows. The magnitude spectrum ignores where a texture sits, so the same surface shifted
 *   scores high, a smoothed one low, and energy moved from texture to edges cannot raise it.
 * - `haloLevels`: overshoot and undershoot beyond the original's local range next to strong edges, in levels.
 * - `visibleDifference`: the share of textured 64×64 windows where two outputs differ visibly at 100 %.
 */

import { luma } from '../luma.js';

export { luma };

/** A window is textured when its original luma's standard deviation reaches this many levels. */
export const TEXTURED_STD = 6;
/** Side of the spectrum windows of `textureKept`. */
export const SPECTRUM_WINDOW = 32;
/** Side of the windows of `visibleDifference`. */
export const VISIBILITY_WINDOW = 64;
/** Mean absolute luma difference, after the viewing low-pass, above which a window's difference is visible. */
export const VISIBLE_LEVELS = 3;
/** Pixels within this distance of a strong edge are where halos are measured. */
export const HALO_REACH = 3;
/** A strong edge: a Sobel gradient magnitude (per px, /8 normalised) of at least this many levels. */
export const STRONG_EDGE = 24;

function windowStd(l: Float32Array, w: number, x0: number, y0: number, side: number): number {
  let s = 0,
    q = 0;
  for (let y = y0; y < y0 + side; y++)
    for (let x = x0; x < x0 + side; x++) {
      const v = l[y * w + x];
      s += v;
      q += v * v;
    }
  const n = side * side;
  const m = s / n;
  return Math.sqrt(Math.max(0, q / n - m * m));
}

/** Top-left corners of the windows of a side that tile the image, `stride` apart. */
function windows(w: number, h: number, side: number, stride: number): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 0; y + side <= h; y += stride) for (let x = 0; x + side <= w; x += stride) out.push([x, y]);
  return out;
}

const N = SPECTRUM_WINDOW;
const HANN = Float64Array.from({ length: N }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / N));
const COS = Float64Array.from({ length: N * N }, (_, i) => Math.cos((-2 * Math.PI * Math.floor(i / N) * (i % N)) / N));
const SIN = Float64Array.from({ length: N * N }, (_, i) => Math.sin((-2 * Math.PI * Math.floor(i / N) * (i % N)) / N));

/**
 * log(1 + |F|) of a Hann-windowed, mean-removed N×N window (separable DFT), DC left out: N·N − 1 values. The
 * spectrum of a real window is symmetric, so half of it would do; the whole keeps the code plain.
 */
export function logSpectrum(l: Float32Array, w: number, x0: number, y0: number): Float64Array {
  let mean = 0;
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) mean += l[(y0 + y) * w + x0 + x];
  mean /= N * N;
  const re = new Float64Array(N * N),
    im = new Float64Array(N * N);
  // rows
  for (let y = 0; y < N; y++)
    for (let k = 0; k < N; k++) {
      let sr = 0,
        si = 0;
      for (let x = 0; x < N; x++) {
        const v = (l[(y0 + y) * w + x0 + x] - mean) * HANN[x] * HANN[y];
        sr += v * COS[k * N + x];
        si += v * SIN[k * N + x];
      }
      re[y * N + k] = sr;
      im[y * N + k] = si;
    }
  // columns
  const out = new Float64Array(N * N - 1);
  for (let k = 0; k < N; k++)
    for (let j = 0; j < N; j++) {
      let sr = 0,
        si = 0;
      for (let y = 0; y < N; y++) {
        const c = COS[j * N + y],
          s = SIN[j * N + y];
        const a = re[y * N + k],
          b = im[y * N + k];
        sr += a * c - b * s;
        si += a * s + b * c;
      }
      const i = j * N + k;
      if (i > 0) out[i - 1] = Math.log1p(Math.hypot(sr, si));
    }
  return out;
}

/** Pearson correlation of two equally long series (0 when either is constant). */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let ma = 0,
    mb = 0;
  for (let i = 0; i < a.length; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= a.length;
  mb /= b.length;
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

export interface TextureKept {
  /** Mean spectrum correlation over the textured windows (NaN when there are none). */
  score: number;
  windows: number;
}

/**
 * Texture kept: over the 32×32 windows (half-overlapping) where the original's luma has a standard deviation of at
 * least `TEXTURED_STD`, and inside `region` when one is given (a window counts when its centre is in it), the mean
 * correlation of the output's log-magnitude spectrum with the original's.
 */
export function textureKept(output: Uint8Array, original: Uint8Array, w: number, h: number, region?: Uint8Array): TextureKept {
  const lo = luma(original),
    lf = luma(output);
  let sum = 0,
    n = 0;
  for (const [x, y] of windows(w, h, N, N / 2)) {
    if (region && !region[(y + N / 2) * w + x + N / 2]) continue;
    if (windowStd(lo, w, x, y, N) < TEXTURED_STD) continue;
    sum += correlation(logSpectrum(lf, w, x, y), logSpectrum(lo, w, x, y));
    n++;
  }
  return { score: n ? sum / n : NaN, windows: n };
}

/** Sobel gradient magnitude / 8 (levels per px for a ramp). */
function gradient(l: Float32Array, w: number, h: number): Float32Array {
  const g = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const p = (dx: number, dy: number) => l[(y + dy) * w + x + dx];
      const gx = p(1, -1) + 2 * p(1, 0) + p(1, 1) - p(-1, -1) - 2 * p(-1, 0) - p(-1, 1);
      const gy = p(-1, 1) + 2 * p(0, 1) + p(1, 1) - p(-1, -1) - 2 * p(0, -1) - p(1, -1);
      g[y * w + x] = Math.hypot(gx, gy) / 8;
    }
  return g;
}

export interface Halo {
  /** Mean overshoot plus undershoot, in levels, over the pixels near strong edges (0 when none). */
  levels: number;
  pixels: number;
}

/**
 * Halo: for every pixel within `HALO_REACH` px of a strong edge of the original, how far the output goes above the
 * original's maximum or below its minimum over the (2·HALO_REACH + 1)² neighbourhood; the mean in levels. A faithful
 * output stays inside the range the original spans around an edge; unsharp masking overshoots on both sides.
 */
export function haloLevels(output: Uint8Array, original: Uint8Array, w: number, h: number): Halo {
  const lo = luma(original),
    lf = luma(output);
  const g = gradient(lo, w, h);
  const r = HALO_REACH;
  // near an edge: a strong gradient within r px (separable max of the edge map)
  const edge = new Uint8Array(w * h);
  for (let i = 0; i < g.length; i++) edge[i] = g[i] >= STRONG_EDGE ? 1 : 0;
  const near = maxFilter(maxFilter(edge, w, h, r, 1), w, h, r, w);
  const hi = maxFilterF(maxFilterF(lo, w, h, r, 1, 1), w, h, r, w, 1);
  const low = maxFilterF(maxFilterF(lo, w, h, r, 1, -1), w, h, r, w, -1);
  let sum = 0,
    n = 0;
  for (let y = r; y < h - r; y++)
    for (let x = r; x < w - r; x++) {
      const i = y * w + x;
      if (!near[i]) continue;
      sum += Math.max(0, lf[i] - hi[i]) + Math.max(0, low[i] - lf[i]);
      n++;
    }
  return { levels: n ? sum / n : 0, pixels: n };
}

/** Running max along rows (step 1) or columns (step w) over ±r. */
function maxFilter(src: Uint8Array, w: number, h: number, r: number, step: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const along = step === 1 ? x : y;
      const len = step === 1 ? w : h;
      let m = 0;
      for (let d = Math.max(0, along - r); d <= Math.min(len - 1, along + r) && !m; d++) m = src[step === 1 ? y * w + d : d * w + x];
      out[y * w + x] = m;
    }
  return out;
}

/** Running max (sign 1) or min (sign −1) along rows (step 1) or columns (step w) over ±r. */
function maxFilterF(src: Float32Array, w: number, h: number, r: number, step: number, sign: 1 | -1): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const along = step === 1 ? x : y;
      const len = step === 1 ? w : h;
      let m = -Infinity;
      for (let d = Math.max(0, along - r); d <= Math.min(len - 1, along + r); d++) m = Math.max(m, sign * src[step === 1 ? y * w + d : d * w + x]);
      out[y * w + x] = sign * m;
    }
  return out;
}

/** 3×3 binomial blur: what an eye at 100 % does not resolve of a one-pixel difference. */
function viewingLowPass(l: Float32Array, w: number, h: number): Float32Array {
  const k = [0.25, 0.5, 0.25];
  const tmp = new Float32Array(w * h),
    out = new Float32Array(w * h);
  const cx = (x: number) => Math.min(w - 1, Math.max(0, x)),
    cy = (y: number) => Math.min(h - 1, Math.max(0, y));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) tmp[y * w + x] = k[0] * l[y * w + cx(x - 1)] + k[1] * l[y * w + x] + k[2] * l[y * w + cx(x + 1)];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[y * w + x] = k[0] * tmp[cy(y - 1) * w + x] + k[1] * tmp[y * w + x] + k[2] * tmp[cy(y + 1) * w + x];
  return out;
}

export interface Visibility {
  /** Share (0..1) of the textured 64×64 windows whose difference is visible (NaN when there are none). */
  share: number;
  windows: number;
}

/**
 * Difference you can see at 100 %: over the 64×64 windows (tiling the image) where the reference (the original, or
 * any output when there is none) is textured, the share where the two outputs' luma, after the viewing low-pass,
 * differ by more than `VISIBLE_LEVELS` on average.
 */
export function visibleDifference(a: Uint8Array, b: Uint8Array, w: number, h: number, reference: Uint8Array = a): Visibility {
  const la = viewingLowPass(luma(a), w, h),
    lb = viewingLowPass(luma(b), w, h),
    lr = luma(reference);
  const S = VISIBILITY_WINDOW;
  let seen = 0,
    n = 0;
  for (const [x0, y0] of windows(w, h, S, S)) {
    if (windowStd(lr, w, x0, y0, S) < TEXTURED_STD) continue;
    let d = 0;
    for (let y = y0; y < y0 + S; y++) for (let x = x0; x < x0 + S; x++) d += Math.abs(la[y * w + x] - lb[y * w + x]);
    n++;
    if (d / (S * S) > VISIBLE_LEVELS) seen++;
  }
  return { share: n ? seen / n : NaN, windows: n };
}
