/** Masks for the removal benchmark: ellipses and an object silhouette of a given share, placed over detail. */
import { highPass } from './removal-metrics.js';

export type MaskShape = 'ellipse' | 'object';

/** Rasterises a shape centred at (cx, cy) with half-width `s`. */
function rasterise(shape: MaskShape, w: number, h: number, cx: number, cy: number, s: number): Uint8Array {
  const m = new Uint8Array(w * h);
  for (let y = Math.max(0, Math.floor(cy - 2 * s)); y < Math.min(h, cy + 2 * s); y++)
    for (let x = Math.max(0, Math.floor(cx - 2 * s)); x < Math.min(w, cx + 2 * s); x++) {
      const u = (x - cx) / s,
        v = (y - cy) / s;
      let inside: boolean;
      if (shape === 'ellipse') inside = u * u + (v * 1.4) ** 2 <= 1;
      else {
        // a lamp or vase: round shade on top, tapering body, wide foot
        const shade = u * u + ((v + 0.9) / 0.55) ** 2 <= 1;
        const body = v >= -0.5 && v <= 1.1 && Math.abs(u) <= 0.25 + 0.25 * ((v + 0.5) / 1.6);
        const foot = v >= 1.1 && v <= 1.35 && Math.abs(u) <= 0.75;
        inside = shade || body || foot;
      }
      if (inside) m[y * w + x] = 1;
    }
  return m;
}

function area(m: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < m.length; i++) n += m[i];
  return n;
}

/** The shape scaled (bisection) to cover `share` of the image. */
export function shapedMask(shape: MaskShape, w: number, h: number, cx: number, cy: number, share: number): Uint8Array {
  let lo = 1,
    hi = Math.max(w, h);
  for (let k = 0; k < 20; k++) {
    const mid = (lo + hi) / 2;
    if (area(rasterise(shape, w, h, cx, cy, mid)) < share * w * h) lo = mid;
    else hi = mid;
  }
  return rasterise(shape, w, h, cx, cy, hi);
}

/**
 * The centre where the shape covers the most fine detail (high-pass energy) while staying inside the image
 * with a margin: masks land on textured and structured regions, where a blur shows.
 */
export function placeOverDetail(rgb: Uint8Array, w: number, h: number, shape: MaskShape, share: number): { cx: number; cy: number } {
  const hp = highPass(rgb, w, h);
  const W1 = w + 1;
  const integral = new Float64Array(W1 * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += Math.abs(hp[y * w + x]);
      integral[(y + 1) * W1 + x + 1] = integral[y * W1 + x + 1] + row;
    }
  }
  const probe = shapedMask(shape, w, h, w / 2, h / 2, share);
  let minX = w,
    minY = h,
    maxX = 0,
    maxY = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (probe[y * w + x]) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  const hw = (maxX - minX) / 2,
    hh = (maxY - minY) / 2,
    margin = 24;
  let best = -1,
    cx = w / 2,
    cy = h / 2;
  for (let y = Math.ceil(hh + margin); y < h - hh - margin; y += 8)
    for (let x = Math.ceil(hw + margin); x < w - hw - margin; x += 8) {
      const x0 = Math.round(x - hw),
        x1 = Math.round(x + hw),
        y0 = Math.round(y - hh),
        y1 = Math.round(y + hh);
      const e = integral[y1 * W1 + x1] - integral[y0 * W1 + x1] - integral[y1 * W1 + x0] + integral[y0 * W1 + x0];
      if (e > best) {
        best = e;
        cx = x;
        cy = y;
      }
    }
  return { cx, cy };
}
