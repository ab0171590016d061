/**
 * Another surface beside the hole: a straight edge that runs along the hole without entering it, with clearly
 * different colours on its two sides (a wall's edge against the sky, a facade against a tree), a few pixels off
 * the hole. The exemplar completion's patches near the hole reach across such an edge, and its coarse levels,
 * where the strip of the hole's own surface is under a pixel wide, fill the hole with what lies beyond (sky and a
 * tree trunk pasted into cladding). The band beyond the edge is handed to the completion as part of the hole: it
 * is neither copied from nor matched against, so the hole is filled from its own surface only; the band's own
 * fill is discarded.
 */
import { lumaAt } from '../luma.js';
import { bounds, type Bounds } from './planes/geometry.js';
import { holeDepth } from './pyramid.js';

/** Edges are looked for this far from the hole (pixels). */
const NEAR = 8;
/** Sobel magnitude of luma that counts as an edge pixel (about a 15-level step). */
const EDGE_SOBEL = 60;
/** The edge runs beside the hole for at least this share of the hole's extent… */
const MIN_STRETCH = 0.3;
/** …and is an edge for at least this share of that stretch. */
const SUPPORT_SHARE = 0.7;
/** The two sides' mean colours differ by at least this many levels per channel. */
const CONTRAST = 24;
/** The sides' colours are compared this far from the edge (pixels), leaving the edge's own 2 px out. */
const SIDE_BAND = 8;
/** The band beyond the edge taken into the hole reaches this far from the hole: at least… */
const MIN_REACH = 24;
/** …and this share of the hole's extent (the coarse levels' patches reach that far). */
const REACH_SHARE = 0.5;
/** At most this many edges (a corner of the hole's surface has two). */
const MAX_EDGES = 4;
const THETA_BINS = 180;
/**
 * The hole's border, this wide and away from the edge, is compared with the two sides' colours: where more than this
 * share of it is nearer the far side's, the hole lies over several surfaces (a shopfront, a tree and the pavement)
 * and the edge beside it is one of them, not the end of the hole's surface.
 */
const RING = 3;
const MAX_FOREIGN_RING = 0.1;

interface Edge {
  cos: number;
  sin: number;
  rho: number;
  /** +1 or -1: the side of the line (sign of x·cos + y·sin − rho) where the hole lies. */
  holeSide: number;
}

/**
 * The pixels beyond every such edge within reach of the hole (1), or null when the hole has no such edge beside it.
 */
export function otherSurfaceBand(rgb: Uint8Array, hole: Uint8Array, w: number, h: number): Uint8Array | null {
  const box = bounds(hole, w, h);
  if (!box) return null;
  const known = hole.map((v) => (v ? 0 : 1));
  const extent = Math.max(box.x1 - box.x0, box.y1 - box.y0) + 1;
  const dist = holeDepth(known, w, h);
  const edges = findEdges(rgb, hole, dist, w, h, extent, box);
  if (!edges.length) return null;
  const reach = Math.max(MIN_REACH, extent * REACH_SHARE);
  const band = new Uint8Array(w * h);
  let any = false;
  for (let i = 0; i < w * h; i++) {
    if (hole[i] || dist[i] > reach) continue;
    const x = i % w,
      y = (i / w) | 0;
    if (edges.some((e) => e.holeSide * (x * e.cos + y * e.sin - e.rho) < -1.5)) {
      band[i] = 1;
      any = true;
    }
  }
  return any ? band : null;
}

function findEdges(rgb: Uint8Array, hole: Uint8Array, dist: Float32Array, w: number, h: number, extent: number, box: Bounds): Edge[] {
  const cosT = Float64Array.from({ length: THETA_BINS }, (_, t) => Math.cos((t * Math.PI) / THETA_BINS));
  const sinT = Float64Array.from({ length: THETA_BINS }, (_, t) => Math.sin((t * Math.PI) / THETA_BINS));
  const luma = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) luma[i] = lumaAt(rgb, i);
  const edgeBin = new Int16Array(w * h).fill(-1);
  const diag = Math.ceil(Math.hypot(w, h));
  const rhoBins = 2 * diag + 1;
  const acc = new Int32Array(THETA_BINS * rhoBins);
  // only pixels within NEAR of the hole can be edge pixels beside it
  for (let y = Math.max(1, box.y0 - NEAR); y <= Math.min(h - 2, box.y1 + NEAR); y++)
    for (let x = Math.max(1, box.x0 - NEAR); x <= Math.min(w - 2, box.x1 + NEAR); x++) {
      const i = y * w + x;
      if (hole[i] || dist[i] > NEAR) continue;
      const gx = luma[i - w + 1] + 2 * luma[i + 1] + luma[i + w + 1] - luma[i - w - 1] - 2 * luma[i - 1] - luma[i + w - 1];
      const gy = luma[i + w - 1] + 2 * luma[i + w] + luma[i + w + 1] - luma[i - w - 1] - 2 * luma[i - w] - luma[i - w + 1];
      if (gx * gx + gy * gy < EDGE_SOBEL * EDGE_SOBEL) continue;
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      const b = Math.round((a / Math.PI) * THETA_BINS) % THETA_BINS;
      edgeBin[i] = b;
      for (let k = -2; k <= 2; k++) {
        const t = (b + k + THETA_BINS) % THETA_BINS;
        acc[t * rhoBins + Math.round(x * cosT[t] + y * sinT[t]) + diag]++;
      }
    }
  const minVotes = MIN_STRETCH * extent * SUPPORT_SHARE;
  const cand: number[] = [];
  for (let c = 0; c < acc.length; c++) if (acc[c] >= minVotes) cand.push(c);
  cand.sort((a, b) => acc[b] - acc[a] || a - b);
  const found: (Edge & { bin: number })[] = [];
  for (const c of cand.slice(0, 200)) {
    if (found.length >= MAX_EDGES) break;
    const t = Math.floor(c / rhoBins),
      rho = (c % rhoBins) - diag;
    if (found.some((e) => Math.min(Math.abs(e.bin - t), THETA_BINS - Math.abs(e.bin - t)) <= 4 && Math.abs(e.rho - rho) <= 4)) continue;
    const edge = besideHole(rgb, hole, dist, edgeBin, w, h, extent, box, cosT[t], sinT[t], rho, t);
    if (edge) found.push({ ...edge, bin: t });
  }
  return found;
}

/** The line as an edge beside the hole: it never enters it, runs along it far enough, and parts two colours. */
function besideHole(
  rgb: Uint8Array,
  hole: Uint8Array,
  dist: Float32Array,
  edgeBin: Int16Array,
  w: number,
  h: number,
  extent: number,
  box: Bounds,
  cos: number,
  sin: number,
  rho: number,
  bin: number,
): Edge | null {
  const px = rho * cos,
    py = rho * sin,
    len = Math.hypot(w, h);
  let stretch = 0,
    onEdge = 0;
  for (let s = -len; s <= len; s++) {
    const x = Math.round(px - s * sin),
      y = Math.round(py + s * cos);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    // the hole and whatever lies within NEAR of it are inside the box grown by NEAR
    if (x < box.x0 - NEAR || x > box.x1 + NEAR || y < box.y0 - NEAR || y > box.y1 + NEAR) continue;
    const i = y * w + x;
    if (hole[i]) return null;
    if (dist[i] > NEAR) continue;
    stretch++;
    let hit = false;
    for (let dy = -1; dy <= 1 && !hit; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const j = (y + dy) * w + x + dx;
        const b = j >= 0 && j < w * h ? edgeBin[j] : -1;
        if (b >= 0 && Math.min(Math.abs(b - bin), THETA_BINS - Math.abs(b - bin)) <= 4) {
          hit = true;
          break;
        }
      }
    if (hit) onEdge++;
  }
  if (stretch < MIN_STRETCH * extent || onEdge < SUPPORT_SHARE * stretch) return null;
  // the two sides' mean colours along the stretch, and the side the hole lies on (it never crosses the line)
  let side = 0;
  const sums = [new Float64Array(4), new Float64Array(4)];
  const reach = NEAR + SIDE_BAND;
  for (let y = Math.max(0, box.y0 - reach); y <= Math.min(h - 1, box.y1 + reach); y++)
    for (let x = Math.max(0, box.x0 - reach); x <= Math.min(w - 1, box.x1 + reach); x++) {
      const i = y * w + x;
      const d = x * cos + y * sin - rho;
      if (hole[i]) {
        side ||= Math.sign(d);
        continue;
      }
      if (dist[i] > reach || Math.abs(d) < 2 || Math.abs(d) > SIDE_BAND) continue;
      const s = sums[d < 0 ? 0 : 1];
      for (let c = 0; c < 3; c++) s[c] += rgb[i * 3 + c];
      s[3]++;
    }
  if (!sums[0][3] || !sums[1][3]) return null;
  let contrast = 0;
  for (let c = 0; c < 3; c++) contrast += Math.abs(sums[0][c] / sums[0][3] - sums[1][c] / sums[1][3]) / 3;
  if (contrast < CONTRAST || side === 0) return null;
  const near = sums[side < 0 ? 0 : 1],
    far = sums[side < 0 ? 1 : 0];
  const mean = (a: Float64Array) => [a[0] / a[3], a[1] / a[3], a[2] / a[3]];
  const edge = { cos, sin, rho, holeSide: side };
  return ownSurfaceAllRound(rgb, hole, dist, w, h, box, edge, mean(near), mean(far)) ? edge : null;
}

/** The hole's border away from the edge is nearer the near side's colour than the far side's almost everywhere. */
function ownSurfaceAllRound(
  rgb: Uint8Array,
  hole: Uint8Array,
  dist: Float32Array,
  w: number,
  h: number,
  box: Bounds,
  e: Edge,
  near: number[],
  far: number[],
): boolean {
  let ring = 0,
    foreign = 0;
  for (let y = Math.max(0, box.y0 - RING); y <= Math.min(h - 1, box.y1 + RING); y++)
    for (let x = Math.max(0, box.x0 - RING); x <= Math.min(w - 1, box.x1 + RING); x++) {
      const i = y * w + x;
      if (hole[i] || dist[i] > RING || e.holeSide * (x * e.cos + y * e.sin - e.rho) < SIDE_BAND) continue;
      let dn = 0,
        df = 0;
      for (let c = 0; c < 3; c++) {
        dn += Math.abs(rgb[i * 3 + c] - near[c]);
        df += Math.abs(rgb[i * 3 + c] - far[c]);
      }
      ring++;
      if (df < dn) foreign++;
    }
  return ring > 0 && foreign <= MAX_FOREIGN_RING * ring;
}
