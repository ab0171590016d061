/** Masks for the removal benchmark: ellipses and an object silhouette of a given share, placed over detail or over texture. */
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

/** The bounding box of a mask's painted pixels (an empty mask gives minX > maxX). */
export function maskBounds(mask: Uint8Array, w: number, h: number): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = w,
    minY = h,
    maxX = 0,
    maxY = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  return { minX, minY, maxX, maxY };
}

/** The shape's bounding half-sizes at `share` of the image. */
function halfExtent(shape: MaskShape, w: number, h: number, share: number): { hw: number; hh: number } {
  const probe = shapedMask(shape, w, h, w / 2, h / 2, share);
  const { minX, minY, maxX, maxY } = maskBounds(probe, w, h);
  return { hw: (maxX - minX) / 2, hh: (maxY - minY) / 2 };
}

/** Summed-area table of the absolute high-pass of luma: box sums of fine detail in O(1). */
function energyTable(rgb: Uint8Array, w: number, h: number): (x0: number, y0: number, x1: number, y1: number) => number {
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
  return (x0, y0, x1, y1) => integral[y1 * W1 + x1] - integral[y0 * W1 + x1] - integral[y1 * W1 + x0] + integral[y0 * W1 + x0];
}

/**
 * Where to put a mask of `shape` covering `share` of the image, on a grid of 8 px, keeping `margin` px of
 * image around the mask's box plus its ring (half the mask's equivalent square side wide, as the
 * surroundings figure measures it).
 * - `peak`: the spot with the most fine detail (high-pass energy) under the mask. That is often a
 *   distinct busy object in a calmer scene (a bookshelf, a tree against a facade), whose surroundings hold
 *   less detail than the mask: a fill made of them is calmer than what was there.
 * - `texture`: the spot where the detail per pixel is highest both under the mask and in its ring (the
 *   larger of the two minima): a textured or structured region that continues around the mask (a rug, a
 *   tiled floor, brickwork, planks, foliage), i.e. a hole whose right fill is more of what surrounds it.
 */
export function placeMask(rgb: Uint8Array, w: number, h: number, shape: MaskShape, share: number, placement: 'peak' | 'texture'): { cx: number; cy: number } {
  const energy = energyTable(rgb, w, h);
  const { hw, hh } = halfExtent(shape, w, h, share);
  const ring = placement === 'texture' ? Math.max(1, Math.round(Math.sqrt(share * w * h) / 2)) : 0;
  const margin = 24 + ring;
  let best = -1,
    cx = w / 2,
    cy = h / 2;
  for (let y = Math.ceil(hh + margin); y < h - hh - margin; y += 8)
    for (let x = Math.ceil(hw + margin); x < w - hw - margin; x += 8) {
      const x0 = Math.round(x - hw),
        x1 = Math.round(x + hw),
        y0 = Math.round(y - hh),
        y1 = Math.round(y + hh);
      const inner = energy(x0, y0, x1, y1);
      let score = inner;
      if (placement === 'texture') {
        const outer = energy(x0 - ring, y0 - ring, x1 + ring, y1 + ring);
        const innerArea = (x1 - x0) * (y1 - y0),
          ringArea = (x1 - x0 + 2 * ring) * (y1 - y0 + 2 * ring) - innerArea;
        score = Math.min(inner / innerArea, (outer - inner) / ringArea);
      }
      if (score > best) {
        best = score;
        cx = x;
        cy = y;
      }
    }
  return { cx, cy };
}
