/**
 * Measures of a fill against the ground truth under the mask (the removal benchmark places masks over empty
 * surfaces, so the original there is the answer). Each compares what a viewer compares, not pixel values:
 * - texture agreement: the log-magnitude spectra of 32×32 windows (the texture's grain, scale and direction,
 *   wherever its elements lie),
 * - edge F1: the original's edges (grout, joints) found again in the fill within 2 px,
 * - shading error: the heavily low-passed fill against the low-passed original (illumination only).
 */

import { gaussianBlurPlanar } from '../detail-filter.js';
import { correlation, luma } from '../quality/measures.js';

/** Separable Gaussian blur with clamped borders (one plane). */
export const gaussian = (src: Float32Array, w: number, h: number, sigma: number): Float32Array => gaussianBlurPlanar(src, w, h, sigma);

const WIN = 32;
const COS = new Float64Array(WIN * WIN),
  SIN = new Float64Array(WIN * WIN);
for (let k = 0; k < WIN; k++)
  for (let n = 0; n < WIN; n++) {
    COS[k * WIN + n] = Math.cos((2 * Math.PI * k * n) / WIN);
    SIN[k * WIN + n] = -Math.sin((2 * Math.PI * k * n) / WIN);
  }
const HANN = Float64Array.from({ length: WIN }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / WIN));

/** log(1 + |F|) of a Hann-windowed, mean-free 32×32 window, over the half-plane without the DC term. */
function logSpectrum(l: Float32Array, w: number, x0: number, y0: number): number[] {
  let mean = 0;
  for (let y = 0; y < WIN; y++) for (let x = 0; x < WIN; x++) mean += l[(y0 + y) * w + x0 + x];
  mean /= WIN * WIN;
  const v = new Float64Array(WIN * WIN);
  for (let y = 0; y < WIN; y++) for (let x = 0; x < WIN; x++) v[y * WIN + x] = (l[(y0 + y) * w + x0 + x] - mean) * HANN[x] * HANN[y];
  // rows: frequencies u = 0..WIN/2 (real input, the other half mirrors them)
  const half = WIN / 2 + 1;
  const re = new Float64Array(WIN * half),
    im = new Float64Array(WIN * half);
  for (let y = 0; y < WIN; y++)
    for (let u = 0; u < half; u++) {
      let a = 0,
        b = 0;
      for (let x = 0; x < WIN; x++) {
        a += v[y * WIN + x] * COS[u * WIN + x];
        b += v[y * WIN + x] * SIN[u * WIN + x];
      }
      re[y * half + u] = a;
      im[y * half + u] = b;
    }
  const out: number[] = [];
  for (let k = 0; k < WIN; k++)
    for (let u = 0; u < half; u++) {
      if (k === 0 && u === 0) continue;
      let a = 0,
        b = 0;
      for (let y = 0; y < WIN; y++) {
        const c = COS[k * WIN + y],
          s = SIN[k * WIN + y];
        const r0 = re[y * half + u],
          i0 = im[y * half + u];
        a += r0 * c - i0 * s;
        b += r0 * s + i0 * c;
      }
      out.push(Math.log1p(Math.hypot(a, b)));
    }
  return out;
}

/** Top-left corners of the 32×32 windows lying entirely inside the mask, on a 16 px grid. */
export function maskWindows(mask: Uint8Array, w: number, h: number): [number, number][] {
  const W1 = w + 1;
  const sat = new Int32Array(W1 * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask[y * w + x];
      sat[(y + 1) * W1 + x + 1] = sat[y * W1 + x + 1] + row;
    }
  }
  const out: [number, number][] = [];
  for (let y = 0; y + WIN <= h; y += WIN / 2)
    for (let x = 0; x + WIN <= w; x += WIN / 2) {
      const n = sat[(y + WIN) * W1 + x + WIN] - sat[y * W1 + x + WIN] - sat[(y + WIN) * W1 + x] + sat[y * W1 + x];
      if (n === WIN * WIN) out.push([x, y]);
    }
  return out;
}

/**
 * Texture agreement: the mean correlation of the log-magnitude spectra of the 32×32 windows inside the
 * mask, fill against original. 1 for the same texture (also when shifted), low for a smooth fill. NaN when
 * no window fits in the mask.
 */
export function textureAgreement(fill: Uint8Array, original: Uint8Array, mask: Uint8Array, w: number, h: number): number {
  const windows = maskWindows(mask, w, h);
  if (windows.length === 0) return NaN;
  const lf = luma(fill),
    lo = luma(original);
  let sum = 0;
  for (const [x, y] of windows) sum += correlation(logSpectrum(lf, w, x, y), logSpectrum(lo, w, x, y));
  return sum / windows.length;
}

/** Gradient magnitude (Sobel of luma smoothed with σ = 1) and its direction bin (0 = horizontal gradient … 3). */
function gradients(l: Float32Array, w: number, h: number): { mag: Float32Array; dir: Uint8Array } {
  const s = gaussian(l, w, h, 1);
  const mag = new Float32Array(w * h),
    dir = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = s[i - w + 1] + 2 * s[i + 1] + s[i + w + 1] - s[i - w - 1] - 2 * s[i - 1] - s[i + w - 1];
      const gy = s[i + w - 1] + 2 * s[i + w] + s[i + w + 1] - s[i - w - 1] - 2 * s[i - w] - s[i - w + 1];
      mag[i] = Math.hypot(gx, gy) / 4;
      const a = ((Math.atan2(gy, gx) * 180) / Math.PI + 180) % 180;
      dir[i] = a < 22.5 || a >= 157.5 ? 0 : a < 67.5 ? 1 : a < 112.5 ? 2 : 3;
    }
  return { mag, dir };
}

/** Thin edges (non-maximum suppression across the gradient) at least `threshold` levels per pixel strong. */
function edgeMap(g: { mag: Float32Array; dir: Uint8Array }, w: number, h: number, threshold: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const steps = [
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
  ];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = g.mag[i];
      if (m < threshold) continue;
      const [dx, dy] = steps[g.dir[i]];
      if (m >= g.mag[i + dy * w + dx] && m > g.mag[i - dy * w - dx]) out[i] = 1;
    }
  return out;
}

function near(edges: Uint8Array, w: number, h: number, x: number, y: number, r: number): boolean {
  for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
    for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) if (edges[yy * w + xx]) return true;
  return false;
}

/**
 * Edge F1 inside the mask: edges (thin, gradient at least `threshold` levels per pixel, the same threshold
 * for both; by default half of the original's 98th percentile inside the mask, at least 6, so only the
 * structure counts, not the grain) of the fill against those of the original, each matched within
 * `tolerance` px. NaN when the original has no edge inside the mask.
 */
export function edgeF1(fill: Uint8Array, original: Uint8Array, mask: Uint8Array, w: number, h: number, threshold?: number, tolerance = 2): number {
  const go = gradients(luma(original), w, h);
  if (threshold === undefined) {
    const inside: number[] = [];
    for (let i = 0; i < mask.length; i++) if (mask[i]) inside.push(go.mag[i]);
    inside.sort((a, b) => a - b);
    threshold = Math.max(6, inside.length ? inside[Math.floor(0.98 * (inside.length - 1))] / 2 : 6);
  }
  const ef = edgeMap(gradients(luma(fill), w, h), w, h, threshold);
  const eo = edgeMap(go, w, h, threshold);
  let nf = 0,
    no = 0,
    hitF = 0,
    hitO = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      if (ef[i]) {
        nf++;
        if (near(eo, w, h, x, y, tolerance)) hitF++;
      }
      if (eo[i]) {
        no++;
        if (near(ef, w, h, x, y, tolerance)) hitO++;
      }
    }
  if (no === 0) return NaN;
  const precision = nf ? hitF / nf : 0,
    recall = hitO / no;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Low-pass scale of the shading measure: an eighth of the mask's equivalent square side, at least 4 px. */
export function shadingSigma(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i];
  return Math.max(4, Math.sqrt(n) / 8);
}

/** Mean absolute difference of the low-passed luma (σ = `sigma`) of fill and original inside the mask, in levels. */
export function shadingError(fill: Uint8Array, original: Uint8Array, mask: Uint8Array, w: number, h: number, sigma = shadingSigma(mask)): number {
  const bf = gaussian(luma(fill), w, h, sigma),
    bo = gaussian(luma(original), w, h, sigma);
  let s = 0,
    n = 0;
  for (let i = 0; i < mask.length; i++)
    if (mask[i]) {
      s += Math.abs(bf[i] - bo[i]);
      n++;
    }
  return n ? s / n : NaN;
}
