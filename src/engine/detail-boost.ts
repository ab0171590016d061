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
 * Away from edges, in texture, the boost is free; so is it on an edge too faint to count (a soft step of 25 levels
 * rings by about 5 levels at Detail's preset). The same offset goes to each plane, so no colour fringes.
 */

import { gaussianBlurPlanar } from './detail-filter.js';

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
}

/** Running min and max over ±r along rows then columns (a (2r+1)² square). */
function localRange(src: Float32Array, w: number, h: number, r: number): { lo: Float32Array; hi: Float32Array } {
  const n = w * h;
  const rowLo = new Float32Array(n),
    rowHi = new Float32Array(n),
    lo = new Float32Array(n),
    hi = new Float32Array(n);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let a = Infinity,
        b = -Infinity;
      for (let d = Math.max(0, x - r); d <= Math.min(w - 1, x + r); d++) {
        const v = src[y * w + d];
        if (v < a) a = v;
        if (v > b) b = v;
      }
      rowLo[y * w + x] = a;
      rowHi[y * w + x] = b;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let a = Infinity,
        b = -Infinity;
      for (let d = Math.max(0, y - r); d <= Math.min(h - 1, y + r); d++) {
        if (rowLo[d * w + x] < a) a = rowLo[d * w + x];
        if (rowHi[d * w + x] > b) b = rowHi[d * w + x];
      }
      lo[y * w + x] = a;
      hi[y * w + x] = b;
    }
  return { lo, hi };
}

/** Boosts the texture band of a planar RGB tile (0..1, w×h per plane) in place; see the module comment. */
export function detailBoostInPlace(tile: Float32Array, w: number, h: number, p: DetailBoost): void {
  if (p.amount <= 0) return;
  const n = w * h;
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = 0.299 * tile[i] + 0.587 * tile[n + i] + 0.114 * tile[2 * n + i];
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
  const nearEdge = localRange(grad, w, h, p.edgeReach).hi;
  const { lo, hi } = localRange(fine, w, h, p.range);
  const t2 = p.noise * p.noise;
  const [e0, e1] = p.edgeBand;
  for (let i = 0; i < n; i++) {
    const band = luma[i] - fine[i] + p.coarseWeight * (fine[i] - coarse[i]);
    const b2 = band * band;
    // the clamp fades in with the first unit of gain, so a small amount moves the output a little
    const e = Math.min(1, p.amount) * Math.min(1, Math.max(0, (Math.sqrt(nearEdge[i]) - e0) / (e1 - e0)));
    const gain = p.amount * (1 - e * (1 - p.edgeGain));
    let v = b2 > 0 ? luma[i] + (gain * b2 * band) / (b2 + t2) : luma[i];
    const held = v < lo[i] ? lo[i] : v > hi[i] ? hi[i] : v;
    v = e * held + (1 - e) * v;
    const d = v - luma[i];
    tile[i] += d;
    tile[n + i] += d;
    tile[2 * n + i] += d;
  }
}
