/**
 * Figures for a fill that a blur cannot win: the fine detail left inside the mask, and whether straight
 * edges crossing the mask continue through it. PSNR rewards the mean of all plausible fills, i.e. a blur.
 */
import { dilate } from '@engine/inpaint/inpaint-image.js';
import { findCrossingLines } from '@engine/inpaint/structure.js';
import { correlation, luma } from '@engine/quality/measures.js';

function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const kn = k.map((v) => v / sum);
  const tmp = new Float32Array(w * h),
    out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += kn[i + r] * src[y * w + Math.min(w - 1, Math.max(0, x + i))];
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += kn[i + r] * tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x];
      out[y * w + x] = s;
    }
  return out;
}

/** Luma minus its Gaussian blur (σ = 1.5 px): the detail a blur removes. */
export function highPass(rgb: Uint8Array, w: number, h: number): Float32Array {
  const l = luma(rgb);
  const b = gaussianBlur(l, w, h, 1.5);
  for (let i = 0; i < l.length; i++) l[i] -= b[i];
  return l;
}

/** High-pass energy inside the mask of the fill relative to the original's: a blur scores about 0, a copy about 1. */
export function detailRatio(fill: Uint8Array, original: Uint8Array, mask: Uint8Array, w: number, h: number): number {
  const a = highPass(fill, w, h),
    b = highPass(original, w, h);
  let ea = 0,
    eb = 0;
  for (let i = 0; i < mask.length; i++)
    if (mask[i]) {
      ea += a[i] * a[i];
      eb += b[i] * b[i];
    }
  return eb > 0 ? ea / eb : NaN;
}

/**
 * The detail ratio a faithful copy of the surroundings would score: high-pass energy per pixel in a ring
 * around the mask (half the mask's equivalent square side wide) over that inside the mask. A mask placed
 * over the busiest spot of a calmer scene scores well under 1 here: a fill made of the scene's own
 * surroundings cannot be expected to reach more detail than this without inventing it.
 */
export function surroundingsDetail(original: Uint8Array, mask: Uint8Array, w: number, h: number): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i];
  const ring = dilate(mask, w, h, Math.max(1, Math.round(Math.sqrt(n) / 2)));
  const hp = highPass(original, w, h);
  let ei = 0,
    er = 0,
    nr = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) ei += hp[i] * hp[i];
    else if (ring[i]) {
      er += hp[i] * hp[i];
      nr++;
    }
  }
  return ei > 0 && nr > 0 ? er / nr / (ei / n) : NaN;
}

/**
 * Edge continuity: along every straight edge crossing the mask, the share of points inside the mask where
 * the fill has the original's profile across the edge (±4 px): correlation ≥ 0.5 and at least half its
 * contrast, allowing a shift of 1 px. Points where the original itself has no edge are skipped. The edges
 * are found by the engine's own detector (`structure.ts`) on the original, the same for every method.
 * Returns NaN when no edge crosses the mask.
 */
export function edgeContinuity(
  fill: Uint8Array,
  original: Uint8Array,
  mask: Uint8Array,
  w: number,
  h: number,
  lines = findCrossingLines(original, mask, w, h),
): number {
  const lf = luma(fill),
    lo = luma(original);
  const at = (img: Float32Array, x: number, y: number) => {
    const xi = Math.min(w - 1, Math.max(0, Math.round(x))),
      yi = Math.min(h - 1, Math.max(0, Math.round(y)));
    return img[yi * w + xi];
  };
  let good = 0,
    total = 0;
  for (const l of lines) {
    const px = l.rho * l.cos,
      py = l.rho * l.sin;
    for (let t = l.tMin; t <= l.tMax; t += 1) {
      const x = px - t * l.sin,
        y = py + t * l.cos;
      const xi = Math.round(x),
        yi = Math.round(y);
      if (xi < 0 || yi < 0 || xi >= w || yi >= h || !mask[yi * w + xi]) continue;
      const profile = (img: Float32Array, shift: number) => {
        const p: number[] = [];
        for (let d = -4; d <= 4; d++) p.push(at(img, x + (d + shift) * l.cos, y + (d + shift) * l.sin));
        return p;
      };
      const po = profile(lo, 0);
      const so = std(po);
      if (so < 5) continue;
      total++;
      for (const shift of [0, -1, 1]) {
        const pf = profile(lf, shift);
        if (correlation(pf, po) >= 0.5 && std(pf) >= 0.5 * so) {
          good++;
          break;
        }
      }
    }
  }
  return total ? good / total : NaN;
}

function std(a: number[]): number {
  const m = a.reduce((s, v) => s + v, 0) / a.length;
  return Math.sqrt(a.reduce((s, v) => s + (v - m) ** 2, 0) / a.length);
}
