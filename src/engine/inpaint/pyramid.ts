/**
 * The image pyramid of exemplar completion: each level halves the previous one (2×2 mean), and a coarse
 * pixel belongs to the hole as soon as one of its four children does, so no known coarse pixel ever
 * carries a colour of the removed object.
 */

import { lumaAt } from '../luma.js';

/**
 * Values per pixel: R, G, B; two texture features (Newson et al. 2014), the mean absolute horizontal
 * and vertical luma gradient over a window as large as the coarsest level's pixel (averaging keeps them
 * at coarse levels, where a rug and a plain wall of the same mean colour would otherwise look alike);
 * two structure guide values (`structure.ts`), painted per level and never voted.
 */
export const CHANNELS = 7;
/** The channels rebuilt by voting: colour and texture features. */
export const VOTED_CHANNELS = 5;
export const GUIDE_CHANNEL = 5;
/** Weight of the texture features against colour (both in levels). */
const FEATURE_WEIGHT = 5;

export interface Level {
  w: number;
  h: number;
  /** CHANNELS values per pixel, interleaved, 0..255. */
  img: Float32Array;
  /** 1 inside the hole. */
  hole: Uint8Array;
}

export function downsample(l: Level): Level {
  const w = (l.w + 1) >> 1;
  const h = (l.h + 1) >> 1;
  const C = CHANNELS;
  const img = new Float32Array(w * h * C);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = 2 * y,
      yb = Math.min(l.h - 1, 2 * y + 1);
    for (let x = 0; x < w; x++) {
      const xa = 2 * x,
        xb = Math.min(l.w - 1, 2 * x + 1);
      const a = ya * l.w + xa,
        b = ya * l.w + xb,
        c = yb * l.w + xa,
        d = yb * l.w + xb;
      const o = (y * w + x) * C;
      for (let k = 0; k < C; k++) img[o + k] = (l.img[a * C + k] + l.img[b * C + k] + l.img[c * C + k] + l.img[d * C + k]) * 0.25;
      hole[y * w + x] = l.hole[a] | l.hole[b] | l.hole[c] | l.hole[d];
    }
  }
  return { w, h, img, hole };
}

/**
 * Distance (chamfer 3-4, in pixels) of every hole pixel to the nearest known pixel; 0 outside the hole.
 * A hole touching the image border counts the border as unknown, so depth there grows from the known side.
 */
export function holeDepth(hole: Uint8Array, w: number, h: number): Float32Array {
  const BIG = 1e9;
  const d = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = hole[i] ? BIG : 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      let v = d[i];
      if (x > 0) v = Math.min(v, d[i - 1] + 3);
      if (y > 0) {
        v = Math.min(v, d[i - w] + 3);
        if (x > 0) v = Math.min(v, d[i - w - 1] + 4);
        if (x < w - 1) v = Math.min(v, d[i - w + 1] + 4);
      }
      d[i] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!hole[i]) continue;
      let v = d[i];
      if (x < w - 1) v = Math.min(v, d[i + 1] + 3);
      if (y < h - 1) {
        v = Math.min(v, d[i + w] + 3);
        if (x < w - 1) v = Math.min(v, d[i + w + 1] + 4);
        if (x > 0) v = Math.min(v, d[i + w - 1] + 4);
      }
      d[i] = v;
    }
  for (let i = 0; i < w * h; i++) d[i] = d[i] >= BIG ? Math.max(w, h) : d[i] / 3;
  return d;
}

function maxOf(a: Float32Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > m) m = a[i];
  return m;
}

/** How many levels `buildPyramid` will make: halving until the hole is at most `coarseDepth` pixels deep. */
export function levelCount(hole: Uint8Array, w: number, h: number, coarseDepth: number, minSide: number, maxLevels = 10): number {
  let n = 1;
  let cur = { w, h, hole };
  for (;;) {
    if (n >= maxLevels || maxOf(holeDepth(cur.hole, cur.w, cur.h)) <= coarseDepth) return n;
    const nw = (cur.w + 1) >> 1,
      nh = (cur.h + 1) >> 1;
    if (Math.min(nw, nh) < minSide) return n;
    const next = new Uint8Array(nw * nh);
    for (let y = 0; y < nh; y++)
      for (let x = 0; x < nw; x++) {
        const ya = 2 * y,
          yb = Math.min(cur.h - 1, 2 * y + 1),
          xa = 2 * x,
          xb = Math.min(cur.w - 1, 2 * x + 1);
        next[y * nw + x] = cur.hole[ya * cur.w + xa] | cur.hole[ya * cur.w + xb] | cur.hole[yb * cur.w + xa] | cur.hole[yb * cur.w + xb];
      }
    cur = { w: nw, h: nh, hole: next };
    n++;
  }
}

/** The finest level: RGB plus texture features averaged over `window` pixels (known pixels only). */
export function finestLevel(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, window: number): Level {
  const C = CHANNELS;
  const img = new Float32Array(w * h * C);
  const luma = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    img[i * C] = rgb[i * 3];
    img[i * C + 1] = rgb[i * 3 + 1];
    img[i * C + 2] = rgb[i * 3 + 2];
    luma[i] = lumaAt(rgb, i);
  }
  // integral images of |∂x|, |∂y| and of their count, over gradients between two known pixels
  const W1 = w + 1;
  const gx = new Float64Array(W1 * (h + 1)),
    gy = new Float64Array(W1 * (h + 1)),
    cnt = new Float64Array(W1 * (h + 1));
  for (let y = 0; y < h; y++) {
    let rx = 0,
      ry = 0,
      rc = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i] && x + 1 < w && y + 1 < h && !hole[i + 1] && !hole[i + w]) {
        rx += Math.abs(luma[i + 1] - luma[i]);
        ry += Math.abs(luma[i + w] - luma[i]);
        rc++;
      }
      const o = (y + 1) * W1 + x + 1;
      gx[o] = gx[o - W1] + rx;
      gy[o] = gy[o - W1] + ry;
      cnt[o] = cnt[o - W1] + rc;
    }
  }
  const half = window >> 1;
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - half),
      y1 = Math.min(h, y + half + 1);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i]) continue;
      const x0 = Math.max(0, x - half),
        x1 = Math.min(w, x + half + 1);
      const a = y1 * W1 + x1,
        b = y0 * W1 + x1,
        c = y1 * W1 + x0,
        d = y0 * W1 + x0;
      const n = cnt[a] - cnt[b] - cnt[c] + cnt[d];
      if (n <= 0) continue;
      img[i * C + 3] = (FEATURE_WEIGHT * (gx[a] - gx[b] - gx[c] + gx[d])) / n;
      img[i * C + 4] = (FEATURE_WEIGHT * (gy[a] - gy[b] - gy[c] + gy[d])) / n;
    }
  }
  return { w, h, img, hole };
}

/** `count` levels from fine (index 0) to coarse, as `levelCount` decided. */
export function buildPyramid(finest: Level, count: number): Level[] {
  const levels = [finest];
  while (levels.length < count) levels.push(downsample(levels[levels.length - 1]));
  return levels;
}
