/**
 * Structure first: long straight edges that reach the hole from both sides (plank joints, grout lines,
 * skirting, mullions) are found in a ring around the hole and extended straight through it as guides.
 * A guide is two extra values per pixel near the line, its orientation (doubled angle, so the two edge
 * directions agree) scaled by closeness; patches along a guide can then only match patches along the
 * same edge outside the hole, and patches away from guides only patches away from them.
 */
import { luma as lumaOf } from '../luma.js';
import { holeDepth } from './pyramid.js';

export interface GuideLine {
  /** Unit normal; the line is x·cos + y·sin = rho (finest level pixels). */
  cos: number;
  sin: number;
  rho: number;
  /** Extent along the direction (-sin, cos): the hole crossing plus the supported ring on both sides. */
  tMin: number;
  tMax: number;
}

/** Width of the ring searched for edges, finest level pixels. */
const RING = 16;
/** Sobel magnitude (of luma) that counts as an edge: about a 15-level step. */
const EDGE_SOBEL = 60;
/** Share of the ring width on each side of the hole that must lie on the edge. */
const SUPPORT_SHARE = 0.6;
const MAX_LINES = 8;
const THETA_BINS = 180;
/** Gradient direction tolerance when voting, in bins (degrees). */
const VOTE_SPREAD = 4;

export function findCrossingLines(rgb: Uint8Array, hole: Uint8Array, w: number, h: number): GuideLine[] {
  const known = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) known[i] = hole[i] ? 0 : 1;
  const distToHole = holeDepth(known, w, h);
  const luma = lumaOf(rgb);
  // edge pixels of the ring with their gradient angle bin
  const edgeBin = new Int16Array(w * h).fill(-1);
  const edges: number[] = [];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (hole[i] || distToHole[i] > RING) continue;
      if (hole[i - w - 1] | hole[i - w] | hole[i - w + 1] | hole[i - 1] | hole[i + 1] | hole[i + w - 1] | hole[i + w] | hole[i + w + 1]) continue;
      const gx = luma[i - w + 1] + 2 * luma[i + 1] + luma[i + w + 1] - luma[i - w - 1] - 2 * luma[i - 1] - luma[i + w - 1];
      const gy = luma[i + w - 1] + 2 * luma[i + w] + luma[i + w + 1] - luma[i - w - 1] - 2 * luma[i - w] - luma[i - w + 1];
      if (gx * gx + gy * gy < EDGE_SOBEL * EDGE_SOBEL) continue;
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      edgeBin[i] = Math.round((a / Math.PI) * THETA_BINS) % THETA_BINS;
      edges.push(i);
    }
  if (edges.length < 2 * RING) return [];
  const diag = Math.ceil(Math.hypot(w, h));
  const rhoBins = 2 * diag + 1;
  const acc = new Int32Array(THETA_BINS * rhoBins);
  const cosT = new Float64Array(THETA_BINS),
    sinT = new Float64Array(THETA_BINS);
  for (let t = 0; t < THETA_BINS; t++) {
    cosT[t] = Math.cos((t * Math.PI) / THETA_BINS);
    sinT[t] = Math.sin((t * Math.PI) / THETA_BINS);
  }
  for (const i of edges) {
    const x = i % w,
      y = (i / w) | 0,
      b = edgeBin[i];
    for (let k = -VOTE_SPREAD; k <= VOTE_SPREAD; k++) {
      const t = (b + k + THETA_BINS) % THETA_BINS;
      acc[t * rhoBins + Math.round(x * cosT[t] + y * sinT[t]) + diag]++;
    }
  }
  // votes summed over three distance bins (an edge of a few pixels' width, a degree of angle error);
  // candidates: local maxima with enough votes for two supported sides
  const score = new Int32Array(acc.length);
  for (let t = 0; t < THETA_BINS; t++)
    for (let r = 1; r < rhoBins - 1; r++) score[t * rhoBins + r] = acc[t * rhoBins + r - 1] + acc[t * rhoBins + r] + acc[t * rhoBins + r + 1];
  const minVotes = 2 * RING * SUPPORT_SHARE;
  const cand: number[] = [];
  for (let t = 0; t < THETA_BINS; t++)
    for (let r = 2; r < rhoBins - 2; r++) {
      const v = score[t * rhoBins + r];
      if (v < minVotes || v < score[t * rhoBins + r - 1] || v <= score[t * rhoBins + r + 1]) continue;
      cand.push(t * rhoBins + r);
    }
  cand.sort((a, b) => score[b] - score[a] || a - b);
  const lines: (GuideLine & { bin: number })[] = [];
  for (const c of cand.slice(0, 400)) {
    if (lines.length >= MAX_LINES) break;
    const t = Math.floor(c / rhoBins),
      rho = (c % rhoBins) - diag;
    if (lines.some((l) => Math.min(Math.abs(l.bin - t), THETA_BINS - Math.abs(l.bin - t)) <= 4 && Math.abs(l.rho - rho) <= 4)) continue;
    const line = crossing(cosT[t], sinT[t], rho, t, hole, edgeBin, distToHole, w, h);
    if (line) lines.push({ ...line, bin: t });
  }
  return lines.map(({ cos, sin, rho, tMin, tMax }) => ({ cos, sin, rho, tMin, tMax }));
}

/** Walks the line across the image: it must enter the hole and be an edge for most of the ring on both sides. */
function crossing(
  cos: number,
  sin: number,
  rho: number,
  bin: number,
  hole: Uint8Array,
  edgeBin: Int16Array,
  dist: Float32Array,
  w: number,
  h: number,
): GuideLine | null {
  const diag = Math.hypot(w, h);
  // point on the line closest to the origin, direction (-sin, cos)
  const px = rho * cos,
    py = rho * sin;
  let holeMin = Infinity,
    holeMax = -Infinity;
  const onEdge = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx,
          yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const b = edgeBin[yy * w + xx];
        if (b >= 0 && Math.min(Math.abs(b - bin), THETA_BINS - Math.abs(b - bin)) <= VOTE_SPREAD + 2) return true;
      }
    return false;
  };
  for (let s = -diag; s <= diag; s += 0.5) {
    const x = Math.round(px - s * sin),
      y = Math.round(py + s * cos);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    if (hole[y * w + x]) {
      holeMin = Math.min(holeMin, s);
      holeMax = Math.max(holeMax, s);
    }
  }
  if (holeMin === Infinity) return null;
  const support = (from: number, dir: number) => {
    let n = 0,
      total = 0,
      reach = from;
    for (let k = 1; k <= RING; k++) {
      const s = from + dir * k;
      const x = Math.round(px - s * sin),
        y = Math.round(py + s * cos);
      if (x < 0 || y < 0 || x >= w || y >= h || hole[y * w + x] || dist[y * w + x] > RING) break;
      total++;
      if (onEdge(x, y)) {
        n++;
        reach = s;
      }
    }
    return { ok: total >= RING / 2 && n >= total * SUPPORT_SHARE, reach };
  };
  const before = support(holeMin, -1),
    after = support(holeMax, 1);
  if (!before.ok || !after.ok) return null;
  return { cos, sin, rho, tMin: before.reach, tMax: after.reach };
}

/** Closeness scale of a guide: full at the line, zero this many level pixels away. */
const GUIDE_WIDTH = 3;
/** Strength of a guide against colour differences (levels). */
const GUIDE_WEIGHT = 80;

/**
 * Writes the guide values of `lines` (finest coordinates, shrunk by `scale`) into channels `c0`, `c0 + 1`
 * of a level image with `channels` values per pixel.
 */
export function paintGuides(img: Float32Array, w: number, h: number, channels: number, c0: number, lines: GuideLine[], scale: number): void {
  for (const l of lines) {
    const rho = l.rho * scale,
      tMin = l.tMin * scale,
      tMax = l.tMax * scale;
    const c2 = l.cos * l.cos - l.sin * l.sin,
      s2 = 2 * l.sin * l.cos;
    // bounding box of the segment, widened by the guide width
    const xs = [-tMin * l.sin, -tMax * l.sin].map((v) => v + rho * l.cos),
      ys = [tMin * l.cos, tMax * l.cos].map((v) => v + rho * l.sin);
    const x0 = Math.max(0, Math.floor(Math.min(...xs) - GUIDE_WIDTH)),
      x1 = Math.min(w - 1, Math.ceil(Math.max(...xs) + GUIDE_WIDTH));
    const y0 = Math.max(0, Math.floor(Math.min(...ys) - GUIDE_WIDTH)),
      y1 = Math.min(h - 1, Math.ceil(Math.max(...ys) + GUIDE_WIDTH));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const d = Math.abs(x * l.cos + y * l.sin - rho);
        const t = -x * l.sin + y * l.cos;
        if (d >= GUIDE_WIDTH || t < tMin || t > tMax) continue;
        const strength = GUIDE_WEIGHT * (1 - d / GUIDE_WIDTH);
        const o = (y * w + x) * channels + c0;
        if (strength * strength <= img[o] * img[o] + img[o + 1] * img[o + 1]) continue;
        img[o] = strength * c2;
        img[o + 1] = strength * s2;
      }
  }
}
