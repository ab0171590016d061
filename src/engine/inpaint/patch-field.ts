import { CHANNELS, GUIDE_CHANNEL, type Level } from './pyramid.js';

/**
 * The nearest-neighbour field of one pyramid level (Barnes et al., PatchMatch): for every target patch
 * (a patch centre whose patch touches the hole) the centre of the source patch it copies. Sources are
 * patches lying entirely inside the level and entirely outside the hole, so nothing of the removed
 * object is ever copied. Arrays are indexed over the targets' bounding box, never per pixel of the image.
 */
export interface PatchField {
  level: Level;
  /** Patch radius (side 2r+1). */
  r: number;
  /** Bounding box of the targets: x0, y0 and size. */
  bx: number;
  by: number;
  bw: number;
  bh: number;
  /** Level pixel index of each target centre, in scan order. */
  targets: Int32Array;
  /** Box index → level pixel index of the source centre, -1 where there is no target. */
  nnf: Int32Array;
  /** Box index → sum of squared differences of the current match. */
  cost: Float32Array;
  /** Level pixel index → 1 where a whole patch centred there is a valid source. */
  valid: Uint8Array;
  validCount: number;
  /** Cost added per squared pixel of distance between target and source (`proximityWeight`). */
  proximity: number;
}

/**
 * Sources near the hole are preferred: a source one hole size away costs as much as PROXIMITY levels of
 * difference in every value of the patch, two sizes away four times that. Far-away content that merely
 * looks alike (floor planks in a window, a backsplash on a floor) then loses to the surroundings.
 * Patches on a structure guide are exempt: an edge may be continued from anywhere along it.
 */
const PROXIMITY = 12;

function proximityWeight(r: number, channels: number, holeSize: number): number {
  const values = (2 * r + 1) * (2 * r + 1) * channels;
  return (PROXIMITY * PROXIMITY * values) / Math.max(1, holeSize * holeSize);
}

export function createField(level: Level, r: number): PatchField {
  const { w, h, hole } = level;
  // integral image of the hole, one row at a time is not enough for random access: keep it whole
  const W1 = w + 1;
  const integral = new Int32Array(W1 * (h + 1));
  let minX = w,
    minY = h,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      const v = hole[y * w + x];
      row += v;
      integral[(y + 1) * W1 + x + 1] = integral[y * W1 + x + 1] + row;
      if (v) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  const holeIn = (x0: number, y0: number, x1: number, y1: number) =>
    integral[y1 * W1 + x1] - integral[y0 * W1 + x1] - integral[y1 * W1 + x0] + integral[y0 * W1 + x0];
  const valid = new Uint8Array(w * h);
  let validCount = 0;
  for (let y = r; y < h - r; y++)
    for (let x = r; x < w - r; x++)
      if (holeIn(x - r, y - r, x + r + 1, y + r + 1) === 0) {
        valid[y * w + x] = 1;
        validCount++;
      }
  const bx = Math.max(0, minX - r),
    by = Math.max(0, minY - r);
  const bw = Math.max(0, Math.min(w, maxX + r + 1) - bx),
    bh = Math.max(0, Math.min(h, maxY + r + 1) - by);
  const list: number[] = [];
  for (let y = by; y < by + bh; y++)
    for (let x = bx; x < bx + bw; x++) {
      const x0 = Math.max(0, x - r),
        y0 = Math.max(0, y - r),
        x1 = Math.min(w, x + r + 1),
        y1 = Math.min(h, y + r + 1);
      if (holeIn(x0, y0, x1, y1) > 0) list.push(y * w + x);
    }
  const nnf = new Int32Array(bw * bh).fill(-1);
  const proximity = proximityWeight(r, CHANNELS, Math.max(maxX - minX + 1, maxY - minY + 1));
  return { level, r, bx, by, bw, bh, targets: Int32Array.from(list), nnf, cost: new Float32Array(bw * bh), valid, validCount, proximity };
}

const boxIndex = (f: PatchField, p: number) => ((p / f.level.w) | 0) * f.bw - f.by * f.bw + (p % f.level.w) - f.bx;

/**
 * Sum of squared differences (colour, texture features, guides) between the patch at target `t` (current
 * estimate inside the hole) and the source patch at `s`, plus the proximity cost of their distance; stops
 * as soon as a row takes it past `limit`.
 */
function patchDistance(img: Float32Array, w: number, h: number, r: number, t: number, s: number, limit: number, proximity: number): number {
  const tx = t % w,
    ty = (t / w) | 0,
    sx = s % w,
    sy = (s / w) | 0;
  let d = proximity * ((tx - sx) * (tx - sx) + (ty - sy) * (ty - sy));
  if (d >= limit) return d;
  if (tx >= r && ty >= r && tx < w - r && ty < h - r) {
    const C = CHANNELS;
    const rowLen = (2 * r + 1) * C;
    for (let dy = -r; dy <= r; dy++) {
      let a = ((ty + dy) * w + tx - r) * C;
      let b = ((sy + dy) * w + sx - r) * C;
      for (let k = 0; k < rowLen; k++, a++, b++) {
        const e = img[a] - img[b];
        d += e * e;
      }
      if (d >= limit) return d;
    }
    return d;
  }
  for (let dy = -r; dy <= r; dy++) {
    const y = ty + dy;
    if (y < 0 || y >= h) continue;
    for (let dx = -r; dx <= r; dx++) {
      const x = tx + dx;
      if (x < 0 || x >= w) continue;
      const a = (y * w + x) * CHANNELS,
        b = ((sy + dy) * w + sx + dx) * CHANNELS;
      for (let k = 0; k < CHANNELS; k++) {
        const e = img[a + k] - img[b + k];
        d += e * e;
      }
    }
    if (d >= limit) return d;
  }
  return d;
}

/** A valid source near (x, y): the nearest in a growing square ring, or -1 if none within `reach`. */
export function nearestValid(f: PatchField, x: number, y: number, reach: number): number {
  const { w, h } = f.level;
  x = Math.min(w - 1, Math.max(0, x));
  y = Math.min(h - 1, Math.max(0, y));
  if (f.valid[y * w + x]) return y * w + x;
  for (let d = 1; d <= reach; d++)
    for (let k = -d; k <= d; k++) {
      const cand = [
        [x + k, y - d],
        [x + k, y + d],
        [x - d, y + k],
        [x + d, y + k],
      ];
      for (const [cx, cy] of cand) if (cx >= 0 && cy >= 0 && cx < w && cy < h && f.valid[cy * w + cx]) return cy * w + cx;
    }
  return -1;
}

/** Uniformly random valid source (rejection sampling; the caller knows validCount > 0). */
export function randomValid(f: PatchField, rand: () => number): number {
  const { w, h } = f.level;
  for (;;) {
    const p = Math.floor(rand() * w * h);
    if (f.valid[p]) return p;
  }
}

/** The proximity weight for target `t`: none on a structure guide. */
function proximityAt(f: PatchField, t: number): number {
  const o = t * CHANNELS + GUIDE_CHANNEL;
  return f.level.img[o] === 0 && f.level.img[o + 1] === 0 ? f.proximity : 0;
}

/** Recomputes the cost of every target against the current image (the hole changed since the last search). */
export function refreshCosts(f: PatchField): void {
  const { img, w, h } = f.level;
  for (let k = 0; k < f.targets.length; k++) {
    const t = f.targets[k],
      b = boxIndex(f, t);
    f.cost[b] = patchDistance(img, w, h, f.r, t, f.nnf[b], Infinity, proximityAt(f, t));
  }
}

/**
 * One PatchMatch sweep: propagation from the previous neighbour in scan order (left and up, or right and
 * down on odd sweeps) and random search in windows halving from `radius` around the current best.
 */
export function searchSweep(f: PatchField, sweep: number, radius: number, rand: () => number): void {
  const { img, w, h } = f.level;
  const { r, targets, nnf, cost, valid, bx, by, bw, bh } = f;
  const forward = sweep % 2 === 0;
  const step = forward ? 1 : -1;
  const n = targets.length;
  for (let k = 0; k < n; k++) {
    const t = targets[forward ? k : n - 1 - k];
    const tx = t % w,
      ty = (t / w) | 0;
    const b = (ty - by) * bw + tx - bx;
    let best = nnf[b];
    let bestD = cost[b];
    const proximity = proximityAt(f, t);
    // propagation: the neighbour's source shifted by one pixel
    const nx = tx - step,
      ny = ty - step;
    if (nx >= bx && nx < bx + bw) {
      const ns = nnf[b - step];
      if (ns >= 0) {
        const c = ns + step;
        const cx = (ns % w) + step;
        if (cx >= 0 && cx < w && c !== best && valid[c]) {
          const d = patchDistance(img, w, h, r, t, c, bestD, proximity);
          if (d < bestD) {
            bestD = d;
            best = c;
          }
        }
      }
    }
    if (ny >= by && ny < by + bh) {
      const ns = nnf[b - step * bw];
      if (ns >= 0) {
        const c = ns + step * w;
        if (c >= 0 && c < w * h && c !== best && valid[c]) {
          const d = patchDistance(img, w, h, r, t, c, bestD, proximity);
          if (d < bestD) {
            bestD = d;
            best = c;
          }
        }
      }
    }
    // random search
    for (let rad = radius; rad >= 1; rad >>= 1) {
      const sx = best % w,
        sy = (best / w) | 0;
      const cx = sx + Math.round((rand() * 2 - 1) * rad),
        cy = sy + Math.round((rand() * 2 - 1) * rad);
      if (cx < 0 || cy < 0 || cx >= w || cy >= h) continue;
      const c = cy * w + cx;
      if (c === best || !valid[c]) continue;
      const d = patchDistance(img, w, h, r, t, c, bestD, proximity);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    nnf[b] = best;
    cost[b] = bestD;
  }
}
