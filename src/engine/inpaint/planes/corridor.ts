/**
 * A street, a corridor or an avenue seen along its length: its roadway, pavements, walls and rows of trees or
 * bollards all recede to one vanishing point in the picture, and a step along it scales the picture about that
 * point. A hole at the far end of such a view (a car parked down the street) is filled from the picture scaled about
 * the point by the factor whose copy continues the hole's border best: every line through the point runs on to it,
 * and what stands along the street comes back smaller towards it. A pixel whose source is still in the hole takes
 * its source's source, one factor further out, and so on (layers of the same copy).
 *
 * Only where the point has lines converging on it from several sides (a corridor, not one receding facade): a
 * single plane is the plane-guided fill's, and a surface without such a point the exemplar completion's.
 */
import { DEFAULT_FILL_SEED } from '@shared/removal.js';
import { mulberry32 } from '@shared/seeded-random.js';
import { bounds, type Bounds, type Vec3 } from './geometry.js';
import { borderRing, highPassAt } from './period.js';
import { sampleRgb } from './rectify.js';
import type { Segment } from './segments.js';
import { segmentsAround } from './plane-fill.js';
import { estimateVanishingPoints, segmentAngleTo } from './vanishing.js';

/** Filled in when the hole was filled as a corridor's far end. */
export interface CorridorReport {
  /** The vanishing point the picture was scaled about. */
  point?: [number, number];
  /** The factor of the first copy (each layer one more). */
  scale?: number;
  /** Directions of the lines through the point its segments lie on (of DIRECTIONS over a half turn). */
  directions?: number;
}

/** Vanishing points looked for around the hole (a street has its own, the verticals' and the cross lines'). */
const MAX_POINTS = 4;
/** The point lies inside the picture, at most this many hole extents from the hole's box (as far as its segments are looked for, `segmentsAround`). */
const REACH = 1.5;
/**
 * Segments point at it along lines of at least this many of DIRECTIONS directions (over a half turn: a line through
 * the point is one direction on both sides of it)… A street has its kerbs, walls, rows and lane lines (the street
 * render's two removals 8 and 6); a garden path between two beds ending at a hedge has 4, and scaled about its point
 * the path would run on through the hedge; a post crossing a rail, whose segments pass through their crossing, 2.
 */
const MIN_DIRECTIONS = 5;
const DIRECTIONS = 8;
/** …and at least this many in all, within this angle. */
const MIN_SEGMENTS = 8;
const TOLERANCE = (2 * Math.PI) / 180;
/** Factors tried for the first copy: from MIN_SCALE to MAX_SCALE, each SCALE_STEP times the last. */
const MIN_SCALE = 1.04;
const MAX_SCALE = 3;
const SCALE_STEP = 1.01;
/** Border ring compared between the hole and a copy, pixels wide, and at most this many of its pixels (evenly taken). */
const RING = 4;
const MAX_RING = 3000;
/** Per doubling of the factor this is added to a copy's error: the nearest repeat is taken among those about as good (a zebra crossing far below the hole is not the street behind a car). */
const FAR_PENALTY = 0.1;
/**
 * The copy's structure error may be at most this (a flat copy's is 1; on the street render's parked car the best
 * scores 0.94 at 768 and 2048 px and 1.02 on a 4000 px upscale, where the border is softer).
 */
const MAX_ERROR = 1.25;
/** A copy compared on less than this share of the border (its source outside the picture) is not taken. */
const MIN_COVERAGE = 0.5;
/** Layers at most (a pixel beside a point inside a large hole needs a few hundred at the smallest factors). */
const MAX_LAYERS = 400;
/**
 * The point is moved to where the best copy continues the border best: by up to POINT_REACH pixels, or the hole's
 * extent (its box's larger side) over POINT_REACH_SHARE where that is more (the segments of a large hole's
 * surroundings are detected on a downscaled copy), then a quarter of that around the first place.
 */
const POINT_REACH = 2;
const POINT_REACH_SHARE = 64;
/** The coarse pass's best factors (this many, apart) are searched again in steps of FINE_STEP around each. */
const REFINED = 8;
const FINE_STEP = 1.001;
/** Another fill ('Try another fill') draws among copies whose error is within this of the best's, at least DRAW_APART apart in factor. */
const DRAW_WITHIN = 0.15;
const DRAW_APART = 1.08;

interface Copy {
  scale: number;
  /** Structure of the copied border against the border's own, relative to it (a flat copy scores 1). */
  error: number;
}

/**
 * The hole filled as the far end of a corridor, or null where the picture around it is not one. Its segments are
 * detected with LSD's refinements: a kerb's edge beside asphalt and a paving's slanted joints are lines there. The
 * vanishing points are fitted with the seed, so another seed may find the point a little elsewhere, or not at all.
 */
export async function corridorInpaint(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  opts: { seed: number; between?: () => Promise<void>; report?: CorridorReport },
): Promise<Uint8Array | null> {
  const box = bounds(hole, w, h);
  if (!box) return null;
  const segs = segmentsAround(rgb, hole, w, h, box, true);
  const found = corridorPoint(
    segs,
    estimateVanishingPoints(segs, { seed: opts.seed, maxPoints: MAX_POINTS }).map((v) => v.point),
    box,
    w,
    h,
  );
  if (!found) return null;
  if (opts.between) await opts.between();
  const fill = await corridorFill(rgb, hole, w, h, box, found.point, opts.seed, opts.between);
  if (fill && opts.report) Object.assign(opts.report, { point: fill.point, scale: fill.scale, directions: found.directions });
  return fill?.out ?? null;
}

/**
 * The vanishing point of a corridor around the hole, if any: a finite point inside the picture near the hole, with
 * segments converging on it along lines of at least MIN_DIRECTIONS directions.
 */
export function corridorPoint(segs: Segment[], vps: Vec3[], box: Bounds, w: number, h: number): { point: [number, number]; directions: number } | null {
  const extent = Math.max(box.x1 - box.x0 + 1, box.y1 - box.y0 + 1);
  let best: { point: [number, number]; directions: number; n: number } | null = null;
  for (const v of vps) {
    if (Math.abs(v[2]) < 1e-9) continue;
    const x = v[0] / v[2],
      y = v[1] / v[2];
    if (x < 0 || y < 0 || x > w - 1 || y > h - 1) continue;
    const dx = Math.max(box.x0 - x, 0, x - box.x1),
      dy = Math.max(box.y0 - y, 0, y - box.y1);
    if (Math.hypot(dx, dy) > REACH * extent) continue;
    const sectors = new Set<number>();
    let n = 0;
    for (const s of segs) {
      if (segmentAngleTo(s, v) >= TOLERANCE) continue;
      n++;
      // the line through the point the segment lies on, whichever side: a post and a rail crossing are two lines
      const a = Math.atan2((s.y1 + s.y2) / 2 - y, (s.x1 + s.x2) / 2 - x);
      sectors.add(Math.floor(((((a % Math.PI) + Math.PI) % Math.PI) / Math.PI) * DIRECTIONS) % DIRECTIONS);
    }
    if (n < MIN_SEGMENTS || sectors.size < MIN_DIRECTIONS) continue;
    if (!best || n > best.n) best = { point: [x, y], directions: sectors.size, n };
  }
  return best && { point: best.point, directions: best.directions };
}

/**
 * The hole (within `box`) filled from the picture scaled about `point` (see above), or null when no factor's copy
 * covers enough of the border and continues its structure, or every such copy leaves some hole pixel without a known
 * source inside the picture.
 */
export async function corridorFill(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  box: Bounds,
  point: [number, number],
  seed = DEFAULT_FILL_SEED,
  between?: () => Promise<void>,
): Promise<{ out: Uint8Array; scale: number; point: [number, number] } | null> {
  let [vx, vy] = point;
  const border = borderRing(hole, w, h, box, RING);
  if (!border.length) return null;
  const ring = border.filter((_, k) => k % Math.ceil(border.length / MAX_RING) === 0);
  const known = (x: number, y: number) => {
    if (!(x >= 0 && y >= 0 && x <= w - 2 && y <= h - 2)) return false;
    const i = Math.floor(y) * w + Math.floor(x);
    return !hole[i] && !hole[i + 1] && !hole[i + w] && !hole[i + w + 1];
  };
  const extent = Math.max(box.x1 - box.x0 + 1, box.y1 - box.y0 + 1);
  const placeReach = Math.max(POINT_REACH, extent / POINT_REACH_SHARE);
  const hpAt = lazyHighPass(rgb, hole, w, h, copiesWindow(box, point, placeReach, w, h));
  let structure = 0;
  for (const p of ring) structure += Math.abs(hpAt(p % w, (p / w) | 0));
  structure /= ring.length;
  if (structure < 1) return null; // a border without structure: no factor to choose
  const errorAt = (s: number, px = vx, py = vy) => {
    let sum = 0,
      n = 0;
    for (const p of ring) {
      const x = px + s * ((p % w) - px),
        y = py + s * (((p / w) | 0) - py);
      if (!known(x, y)) continue;
      const x0 = Math.floor(x),
        y0 = Math.floor(y),
        fx = x - x0,
        fy = y - y0;
      const copied = (1 - fy) * ((1 - fx) * hpAt(x0, y0) + fx * hpAt(x0 + 1, y0)) + fy * ((1 - fx) * hpAt(x0, y0 + 1) + fx * hpAt(x0 + 1, y0 + 1));
      sum += Math.abs(hpAt(p % w, (p / w) | 0) - copied);
      n++;
    }
    return n >= MIN_COVERAGE * ring.length ? sum / n / structure : Infinity;
  };
  const scan = () => {
    const all: Copy[] = [];
    for (let s = MIN_SCALE; s <= MAX_SCALE; s *= SCALE_STEP) all.push({ scale: s, error: errorAt(s) });
    return all.sort((a, b) => a.error - b.error);
  };
  // the point found from segments is good to a pixel or two of the copy they were detected on: the best copy places
  // it more closely, in two passes of 9 × 9 places (the second a quarter as wide, its step a 16th of the first reach)
  const first = scan()[0];
  if (!Number.isFinite(first.error)) return null;
  let placed = { ...first, x: vx, y: vy };
  for (let reach = placeReach, pass = 0; pass < 2; pass++, reach /= 4) {
    const [cx, cy] = [placed.x, placed.y];
    for (let dy = -reach; dy <= reach + 1e-9; dy += reach / 4)
      for (let dx = -reach; dx <= reach + 1e-9; dx += reach / 4)
        for (let s = first.scale / SCALE_STEP; s <= first.scale * SCALE_STEP; s *= FINE_STEP) {
          const e = errorAt(s, cx + dx, cy + dy);
          if (e < placed.error) placed = { scale: s, error: e, x: cx + dx, y: cy + dy };
        }
    if (between) await between();
  }
  [vx, vy] = [placed.x, placed.y];
  // a coarse pass, then the best distinct factors searched again finely around each
  const copies: Copy[] = [];
  for (const c of scan()) {
    if (!Number.isFinite(c.error) || copies.length === REFINED) break;
    if (copies.some((r) => Math.max(r.scale / c.scale, c.scale / r.scale) < SCALE_STEP ** 2)) continue;
    let best = c;
    for (let s = c.scale / SCALE_STEP; s <= c.scale * SCALE_STEP; s *= FINE_STEP) {
      const e = errorAt(s);
      if (e < best.error) best = { scale: s, error: e };
    }
    copies.push(best);
  }
  if (between) await between();
  const rank = (c: Copy) => c.error + FAR_PENALTY * Math.log2(c.scale);
  // a copy that continues the border's structure far worse than a flat fill would is not the street's
  const usable = copies.filter((c) => c.error <= MAX_ERROR).sort((a, b) => rank(a) - rank(b));
  if (!usable.length) return null;
  // the nearest good repeat first; another seed first draws another repeat that continues the border about as well
  const order = [...usable];
  if (seed !== DEFAULT_FILL_SEED) {
    const others = usable.filter(
      (c) => c.error <= usable[0].error + DRAW_WITHIN && Math.max(c.scale / usable[0].scale, usable[0].scale / c.scale) >= DRAW_APART,
    );
    if (others.length) {
      const drawn = others[Math.floor(mulberry32(seed)() * others.length)];
      order.splice(order.indexOf(drawn), 1);
      order.unshift(drawn);
    }
  }
  const out = Uint8Array.from(rgb);
  const px = new Uint8Array(3);
  // a copy some hole pixel cannot take a source from (its sources leave the picture) gives way to the next
  copy: for (const { scale } of order) {
    for (let y = box.y0; y <= box.y1; y++)
      for (let x = box.x0; x <= box.x1; x++) {
        const p = y * w + x;
        if (!hole[p]) continue;
        let sx = x,
          sy = y,
          layers = 0;
        // the point's own pixel moves off it by half a pixel first: scaling would keep it there
        if (Math.hypot(sx - vx, sy - vy) < 0.5) sx = vx + 0.5;
        while (!known(sx, sy)) {
          sx = vx + scale * (sx - vx);
          sy = vy + scale * (sy - vy);
          if (++layers > MAX_LAYERS || sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) continue copy;
        }
        sampleRgb(rgb, w, h, sx, sy, px, 0);
        out.set(px, p * 3);
      }
    return { out, scale, point: [vx, vy] };
  }
  return null;
}

/** Where the border and its copies at every factor and every place of the point lie (clamped to the picture). */
function copiesWindow(box: Bounds, point: [number, number], reach: number, w: number, h: number): Bounds {
  const margin = RING + 2 + reach * (MAX_SCALE * SCALE_STEP + 1);
  const xs: number[] = [],
    ys: number[] = [];
  for (const x of [box.x0 - margin, box.x1 + margin])
    for (const y of [box.y0 - margin, box.y1 + margin])
      for (const s of [1, MAX_SCALE * SCALE_STEP]) {
        xs.push(point[0] + s * (x - point[0]));
        ys.push(point[1] + s * (y - point[1]));
      }
  return {
    x0: Math.max(0, Math.floor(Math.min(...xs))),
    y0: Math.max(0, Math.floor(Math.min(...ys))),
    x1: Math.min(w - 1, Math.ceil(Math.max(...xs))),
    y1: Math.min(h - 1, Math.ceil(Math.max(...ys))),
  };
}

/**
 * `highPassAt`, computed where first asked for within `win`: the copies' border reaches across much of a large
 * picture but touches few of its pixels.
 */
function lazyHighPass(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, win: Bounds): (x: number, y: number) => number {
  const cw = win.x1 - win.x0 + 1;
  const value = new Float32Array(cw * (win.y1 - win.y0 + 1)).fill(NaN);
  return (x, y) => {
    const k = (y - win.y0) * cw + x - win.x0;
    return Number.isNaN(value[k]) ? (value[k] = highPassAt(rgb, hole, w, h, x, y)) : value[k];
  };
}
