/**
 * Dominant vanishing points of a set of line segments: greedy RANSAC on segment pairs (the intersection of two
 * segments' lines is a candidate; its support is the summed length of segments pointing at it), refined by
 * least squares, up to three. Points at infinity (parallel lines in the image) are ordinary homogeneous points.
 */
import { mulberry32 } from '@shared/seeded-random.js';
import { cross, normalize, smallestEigenvector, type Mat3, type Vec3 } from './geometry.js';
import type { Segment } from './segments.js';

export interface VanishingPoint {
  /** Homogeneous point in the segments' coordinates (third component 0: a direction at infinity). */
  point: Vec3;
  /** Summed length of the segments pointing at it. */
  support: number;
  /** Indices of those segments. */
  inliers: number[];
}

export interface VanishingOptions {
  seed?: number;
  /** A segment points at a vanishing point when its direction is within this angle of the point (radians). */
  tolerance?: number;
  maxPoints?: number;
  /** A point needs at least this many segments. */
  minSegments?: number;
  iterations?: number;
}

/** Angle between a segment and the line from its midpoint to the homogeneous point v (normalised frame). */
export function segmentAngleTo(s: { x1: number; y1: number; x2: number; y2: number }, v: Vec3): number {
  const mx = (s.x1 + s.x2) / 2,
    my = (s.y1 + s.y2) / 2;
  const dx = s.x2 - s.x1,
    dy = s.y2 - s.y1;
  // direction towards v from the midpoint (for a point at infinity, its direction)
  let tx = v[0] - mx * v[2],
    ty = v[1] - my * v[2];
  const tn = Math.hypot(tx, ty);
  if (tn < 1e-12) return 0;
  tx /= tn;
  ty /= tn;
  const c = Math.abs(dx * tx + dy * ty) / Math.hypot(dx, dy);
  return Math.acos(Math.min(1, c));
}

export function estimateVanishingPoints(segments: Segment[], opts: VanishingOptions = {}): VanishingPoint[] {
  const tol = opts.tolerance ?? (2 * Math.PI) / 180;
  const maxPoints = opts.maxPoints ?? 3;
  const minSegments = opts.minSegments ?? 4;
  const iterations = opts.iterations ?? 400;
  const rand = mulberry32(opts.seed ?? 0x5eed);
  if (segments.length < 2) return [];
  // normalise: centre and scale so the coordinates are about ±1 (conditioning of the line fit)
  let cx = 0,
    cy = 0,
    ext = 0;
  for (const s of segments) {
    cx += s.x1 + s.x2;
    cy += s.y1 + s.y2;
  }
  cx /= 2 * segments.length;
  cy /= 2 * segments.length;
  for (const s of segments) ext = Math.max(ext, Math.abs(s.x1 - cx), Math.abs(s.y1 - cy), Math.abs(s.x2 - cx), Math.abs(s.y2 - cy));
  ext ||= 1;
  const segs = segments.map((s) => ({ x1: (s.x1 - cx) / ext, y1: (s.y1 - cy) / ext, x2: (s.x2 - cx) / ext, y2: (s.y2 - cy) / ext, length: s.length / ext }));
  const lines = segs.map((s) => normalize(cross([s.x1, s.y1, 1], [s.x2, s.y2, 1])));
  const remaining = segs.map((_, i) => i);
  const found: VanishingPoint[] = [];
  const supportOf = (v: Vec3, pool: number[]) => {
    const inl: number[] = [];
    let sup = 0;
    for (const i of pool)
      if (segmentAngleTo(segs[i], v) < tol) {
        inl.push(i);
        sup += segs[i].length;
      }
    return { inl, sup };
  };
  while (found.length < maxPoints && remaining.length >= minSegments) {
    // long segments are drawn more often: they fix a direction far better
    const cum: number[] = [];
    let total = 0;
    for (const i of remaining) cum.push((total += segs[i].length));
    const pick = () => {
      const r = rand() * total;
      let lo = 0,
        hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid] < r) lo = mid + 1;
        else hi = mid;
      }
      return remaining[lo];
    };
    let best: { v: Vec3; inl: number[]; sup: number } | null = null;
    for (let it = 0; it < iterations; it++) {
      const a = pick(),
        b = pick();
      if (a === b) continue;
      const v = cross(lines[a], lines[b]);
      if (Math.hypot(v[0], v[1], v[2]) < 1e-12) continue;
      const { inl, sup } = supportOf(normalize(v), remaining);
      if (!best || sup > best.sup) best = { v: normalize(v), inl, sup };
    }
    if (!best || best.inl.length < minSegments) break;
    // least squares: the point closest to all inlier lines, weighted by length
    let v = best.v;
    for (let round = 0; round < 2; round++) {
      const m = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3;
      for (const i of best.inl) {
        const l = lines[i],
          wgt = segs[i].length;
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r * 3 + c] += wgt * l[r] * l[c];
      }
      v = smallestEigenvector(m);
      const again = supportOf(v, remaining);
      if (again.inl.length < minSegments) break;
      best = { v, inl: again.inl, sup: again.sup };
    }
    found.push({ point: [best.v[0] * ext + cx * best.v[2], best.v[1] * ext + cy * best.v[2], best.v[2]], support: best.sup * ext, inliers: best.inl });
    const taken = new Set(best.inl);
    for (let k = remaining.length - 1; k >= 0; k--) if (taken.has(remaining[k])) remaining.splice(k, 1);
  }
  return found.map((f) => ({ ...f, point: normalize(f.point) }));
}
