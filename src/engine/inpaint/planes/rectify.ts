/**
 * Rectification of a plane from two of its vanishing points: the vanishing line through them is sent to
 * infinity (affine rectification), then an affine map turns the two vanishing directions into the axes, scaled
 * so that at the hole's centre one rectified pixel is one image pixel along each axis. Lines of the plane
 * through either vanishing point become axis-parallel, and equal steps on the plane are equal steps in the
 * rectified view, so a plank near the camera and one far away have the same size there.
 */
import { cross, jacobian, mul, project, type Mat3, type Vec3 } from './geometry.js';

/** Image → rectified homography; null when the plane cannot be rectified around (cx, cy). */
export function rectifyingHomography(v1: Vec3, v2: Vec3, cx: number, cy: number): Mat3 | null {
  let l = cross(v1, v2);
  const atCentre = l[0] * cx + l[1] * cy + l[2];
  if (Math.abs(atCentre) < 1e-12 * Math.hypot(l[0], l[1], l[2])) return null; // the centre lies on the vanishing line
  l = [l[0] / atCentre, l[1] / atCentre, l[2] / atCentre];
  const Ha: Mat3 = [1, 0, 0, 0, 1, 0, l[0], l[1], l[2]];
  // after Ha the vanishing points are directions (their first two components)
  const d1 = [v1[0], v1[1]],
    d2 = [v2[0], v2[1]];
  // u is the more horizontal of the two directions in the image at the centre
  const dirAt = (v: Vec3) => {
    const t = [v[0] - cx * v[2], v[1] - cy * v[2]];
    return Math.abs(t[0]) / (Math.hypot(t[0], t[1]) || 1);
  };
  const [du, dv] = dirAt(v1) >= dirAt(v2) ? [d1, d2] : [d2, d1];
  const det = du[0] * dv[1] - dv[0] * du[1];
  if (Math.abs(det) < 1e-9 * Math.hypot(...du) * Math.hypot(...dv)) return null; // one direction twice
  const A: Mat3 = [dv[1] / det, -dv[0] / det, 0, -du[1] / det, du[0] / det, 0, 0, 0, 1];
  let H = mul(A, Ha);
  // one rectified pixel = one image pixel along each axis at the centre; u grows rightwards, v downwards
  const [a, b, c, d] = jacobian(H, cx, cy);
  const jd = a * d - b * c;
  const col0 = [d / jd, -c / jd],
    col1 = [-b / jd, a / jd]; // image displacement per unit u and per unit v
  const su = Math.hypot(col0[0], col0[1]) * Math.sign(col0[0] || 1),
    sv = Math.hypot(col1[0], col1[1]) * Math.sign(col1[1] || 1);
  H = mul([su, 0, 0, 0, sv, 0, 0, 0, 1], H);
  const [u0, v0] = project(H, cx, cy);
  return mul([1, 0, -u0, 0, 1, -v0, 0, 0, 1], H);
}

/** How far a homography is from a plain translation over a region: the largest deviation of its Jacobian. */
export function distortion(H: Mat3, x0: number, y0: number, x1: number, y1: number): number {
  let worst = 0;
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ]) {
    const [a, b, c, d] = jacobian(H, x, y);
    worst = Math.max(worst, Math.abs(a - 1), Math.abs(b), Math.abs(c), Math.abs(d - 1));
  }
  return worst;
}

export interface RectRegion {
  /** Rectified coordinates of the region's pixel (0, 0). */
  u0: number;
  v0: number;
  w: number;
  h: number;
}

export interface GrowLimits {
  /** Image size: every rectified pixel must sample inside it. */
  width: number;
  height: number;
  /** Wanted margin around the hole on each side, in rectified pixels. */
  pad: number;
  /** Largest rectified area in pixels. */
  maxPixels: number;
  /** Extra convex constraint on image points (a side of a meeting line). */
  inside?: (x: number, y: number) => boolean;
}

/** Image points where the plane is seen at least this much smaller or larger than at the hole are left out. */
const MIN_W = 1 / 3,
  MAX_W = 2;

/**
 * The rectified rectangle around the hole's rectified bounding box, grown side by side up to `pad` while the new
 * side's two ends map inside the image at a usable scale (the admissible set is convex, so the whole new side is
 * then inside). The box itself may reach outside the image (a large hole near an edge, seen in perspective):
 * those pixels are unknown in the rectified view.
 */
export function growRegion(Hinv: Mat3, box: { u0: number; v0: number; u1: number; v1: number }, lim: GrowLimits): RectRegion {
  const ok = (u: number, v: number) => {
    const [x, y, w] = project(Hinv, u, v);
    const s = 1 / w; // the image point's w under the forward map
    return w > 0 && s >= MIN_W && s <= MAX_W && x >= 0 && y >= 0 && x <= lim.width - 1 && y <= lim.height - 1 && (!lim.inside || lim.inside(x, y));
  };
  let [a, b, c, d] = [Math.floor(box.u0) - 1, Math.floor(box.v0) - 1, Math.ceil(box.u1) + 1, Math.ceil(box.v1) + 1];
  const target = [a - lim.pad, b - lim.pad, c + lim.pad, d + lim.pad];
  const step = 2;
  for (let moved = true; moved;) {
    moved = false;
    if ((c - a + 1) * (d - b + 1) >= lim.maxPixels) break;
    if (a > target[0] && ok(a - step, b) && ok(a - step, d)) {
      a -= step;
      moved = true;
    }
    if (b > target[1] && ok(a, b - step) && ok(c, b - step)) {
      b -= step;
      moved = true;
    }
    if (c < target[2] && ok(c + step, b) && ok(c + step, d)) {
      c += step;
      moved = true;
    }
    if (d < target[3] && ok(a, d + step) && ok(c, d + step)) {
      d += step;
      moved = true;
    }
  }
  return { u0: a, v0: b, w: c - a + 1, h: d - b + 1 };
}

/** Bilinear sample of an interleaved RGB image at (x, y), written to out[o..o+2]. */
export function sampleRgb(rgb: Uint8Array | Float32Array, w: number, h: number, x: number, y: number, out: Uint8Array, o: number): void {
  const xf = Math.max(0, Math.min(w - 1, x)),
    yf = Math.max(0, Math.min(h - 1, y));
  const x0 = Math.min(w - 2, Math.floor(xf)),
    y0 = Math.min(h - 2, Math.floor(yf));
  const fx = xf - x0,
    fy = yf - y0;
  const i00 = (y0 * w + x0) * 3,
    i10 = i00 + 3,
    i01 = i00 + w * 3,
    i11 = i01 + 3;
  for (let k = 0; k < 3; k++) {
    const top = rgb[i00 + k] + (rgb[i10 + k] - rgb[i00 + k]) * fx;
    const bot = rgb[i01 + k] + (rgb[i11 + k] - rgb[i01 + k]) * fx;
    out[o + k] = Math.round(top + (bot - top) * fy);
  }
}

/** Catmull-Rom weights of the four samples around a point `f` past the second. */
function cubicWeights(f: number, wts: number[]): void {
  const f2 = f * f,
    f3 = f2 * f;
  wts[0] = -0.5 * f3 + f2 - 0.5 * f;
  wts[1] = 1.5 * f3 - 2.5 * f2 + 1;
  wts[2] = -1.5 * f3 + 2 * f2 + 0.5 * f;
  wts[3] = 0.5 * f3 - 0.5 * f2;
}

/** Lanczos-3 weights of the six samples around a point `f` past the third, summing to 1. */
function lanczosWeights(f: number, wts: number[]): void {
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const t = Math.PI * (f + 2 - i);
    sum += wts[i] = Math.abs(t) < 1e-9 ? 1 : (3 * Math.sin(t) * Math.sin(t / 3)) / (t * t);
  }
  for (let i = 0; i < 6; i++) wts[i] /= sum;
}

const wx = [0, 0, 0, 0, 0, 0],
  wy = [0, 0, 0, 0, 0, 0];

/** Whether the n × n footprint from (x0, y0) lies inside the picture and clear of the hole (if any). */
function clearFootprint(hole: Uint8Array | null, w: number, h: number, x0: number, y0: number, n: number): boolean {
  if (x0 < 0 || y0 < 0 || x0 + n > w || y0 + n > h) return false;
  if (!hole) return true;
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) if (hole[(y0 + j) * w + x0 + i]) return false;
  return true;
}

/**
 * A sharp sample of an interleaved RGB image at (x, y), written to out[o..o+2]: Lanczos-3 where its 6×6 footprint is
 * inside the picture and clear of the hole (null: no hole), Catmull-Rom where the 4×4 one is, bilinear elsewhere. A
 * bilinear sample half a pixel off averages a plank's fine grooves away; the wider kernels keep more of them.
 */
export function sampleRgbSharp(rgb: Uint8Array, hole: Uint8Array | null, w: number, h: number, x: number, y: number, out: Uint8Array, o: number): void {
  const xf = Math.floor(x),
    yf = Math.floor(y);
  let n: number;
  if (clearFootprint(hole, w, h, xf - 2, yf - 2, 6)) {
    n = 6;
    lanczosWeights(x - xf, wx);
    lanczosWeights(y - yf, wy);
  } else if (clearFootprint(hole, w, h, xf - 1, yf - 1, 4)) {
    n = 4;
    cubicWeights(x - xf, wx);
    cubicWeights(y - yf, wy);
  } else return sampleRgb(rgb, w, h, x, y, out, o);
  const x0 = xf - n / 2 + 1,
    y0 = yf - n / 2 + 1;
  for (let k = 0; k < 3; k++) {
    let v = 0;
    for (let j = 0; j < n; j++) {
      const row = ((y0 + j) * w + x0) * 3 + k;
      let r = 0;
      for (let i = 0; i < n; i++) r += wx[i] * rgb[row + 3 * i];
      v += wy[j] * r;
    }
    out[o + k] = Math.max(0, Math.min(255, Math.round(v)));
  }
}

/**
 * The image resampled on the rectified region; a rectified pixel is hole when any pixel it samples is, or when it
 * has no usable image pixel.
 */
export function warpToRect(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  Hinv: Mat3,
  r: RectRegion,
  inside?: (x: number, y: number) => boolean,
): { rgb: Uint8Array; hole: Uint8Array } {
  const out = new Uint8Array(r.w * r.h * 3);
  const rh = new Uint8Array(r.w * r.h);
  for (let j = 0; j < r.h; j++)
    for (let i = 0; i < r.w; i++) {
      const [x, y, d] = project(Hinv, r.u0 + i, r.v0 + j);
      const k = j * r.w + i;
      if (!(d > 0 && 1 / d >= MIN_W && 1 / d <= MAX_W && x >= 0 && y >= 0 && x <= w - 1 && y <= h - 1) || (inside && !inside(x, y))) {
        rh[k] = 1; // unknown: outside the picture, too far or too near, or across the meeting line
        continue;
      }
      sampleRgb(rgb, w, h, x, y, out, k * 3);
      const xa = Math.max(0, Math.min(w - 1, Math.floor(x))),
        ya = Math.max(0, Math.min(h - 1, Math.floor(y)));
      const xb = Math.min(w - 1, xa + 1),
        yb = Math.min(h - 1, ya + 1);
      if (hole[ya * w + xa] || hole[ya * w + xb] || hole[yb * w + xa] || hole[yb * w + xb]) rh[k] = 1;
    }
  return { rgb: out, hole: rh };
}

/**
 * Writes the rectified fill back into `out` at the image's hole pixels (those with `take`), sampled sharply: the
 * fill is whole, so Lanczos-3 wherever its footprint lies inside the view (a bilinear sample blurs the fill's texture).
 */
export function warpBack(out: Uint8Array, take: Uint8Array, w: number, filled: Uint8Array, H: Mat3, r: RectRegion): void {
  for (let p = 0; p < take.length; p++) {
    if (!take[p]) continue;
    const [u, v] = project(H, p % w, (p / w) | 0);
    sampleRgbSharp(filled, null, r.w, r.h, u - r.u0, v - r.v0, out, p * 3);
  }
}

/**
 * Fills the image's hole pixels (those with `take`) from whole periods away on the plane: each pixel is taken to
 * the rectified view, shifted by the copy its rectified pixel chose, and brought back, so the source is sampled
 * once, at its own resolution.
 */
export function copyAlongPlane(
  out: Uint8Array,
  take: Uint8Array,
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  H: Mat3,
  Hinv: Mat3,
  r: RectRegion,
  fill: { copies: { dx: number; dy: number; offset?: [number, number, number] }[]; choice: Uint8Array; gain?: Float32Array },
): void {
  for (let p = 0; p < take.length; p++) {
    if (!take[p]) continue;
    const [u, v] = project(H, p % w, (p / w) | 0);
    const i = Math.max(0, Math.min(r.w - 1, Math.round(u - r.u0))),
      j = Math.max(0, Math.min(r.h - 1, Math.round(v - r.v0)));
    // the chosen copy first; should its source touch the hole here (rounding to the rectified pixel), the next
    // copy whose source does not
    const chosen = Math.max(0, fill.choice[j * r.w + i] - 1);
    let used = chosen;
    let [x, y] = project(Hinv, u + fill.copies[chosen].dx, v + fill.copies[chosen].dy);
    for (let k = 0; k < fill.copies.length && touchesHole(hole, w, h, x, y); k++)
      if (k !== chosen) {
        [x, y] = project(Hinv, u + fill.copies[k].dx, v + fill.copies[k].dy);
        used = k;
      }
    sampleRgbSharp(rgb, hole, w, h, x, y, out, p * 3);
    const offset = fill.copies[used].offset;
    if (fill.gain) for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.min(255, Math.round(out[p * 3 + c] * fill.gain[(j * r.w + i) * 3 + c]));
    else if (offset) for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.max(0, Math.min(255, Math.round(out[p * 3 + c] + offset[c])));
  }
}

/** Whether the bilinear footprint of (x, y) includes a hole pixel or lies outside the picture. */
function touchesHole(hole: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  if (!(x >= 0 && y >= 0 && x <= w - 1 && y <= h - 1)) return true;
  const xa = Math.floor(x),
    ya = Math.floor(y);
  const xb = Math.min(w - 1, xa + 1),
    yb = Math.min(h - 1, ya + 1);
  return !!(hole[ya * w + xa] || hole[ya * w + xb] || hole[yb * w + xa] || hole[yb * w + xb]);
}
