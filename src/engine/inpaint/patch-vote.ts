import type { PatchField } from './patch-field.js';
import { CHANNELS, VOTED_CHANNELS } from './pyramid.js';

/**
 * Reconstruction of the hole from the nearest-neighbour field (the M step of Wexler et al.): every target
 * patch proposes its source's colours for the hole pixels it covers. A proposal's weight is
 * `γ^-depth(centre) · exp(-cost / 2σ²)`: patches centred near the hole border, where the known
 * surroundings anchor them, count more than those deep inside, and good matches more than poor ones.
 */

/** Confidence falls by this factor per pixel of depth into the hole (Wexler et al. use 1.3; 2 kept more detail on the renders). */
const DEPTH_DECAY = 2;
/** In the mode vote, proposals further than this (RGB distance, levels) from the best proposal are outliers. */
const MODE_RADIUS = 14;

export interface VoteInput {
  field: PatchField;
  /** Depth of every level pixel into the hole (0 outside). */
  depth: Float32Array;
  /** Use match quality in the weights (false right after upsampling, when costs mean nothing yet). */
  useCost: boolean;
}

/** Weight of every target, box-indexed. */
function targetWeights({ field, depth, useCost }: VoteInput): Float32Array {
  const { targets, cost, bw, bx, by, r } = field;
  const { w } = field.level;
  const n = (2 * r + 1) * (2 * r + 1) * CHANNELS;
  let sigma2 = 1;
  if (useCost && targets.length) {
    // σ²: the 75th percentile of the per-value match error (Newson et al.), on a deterministic sample
    const step = Math.max(1, Math.floor(targets.length / 4096));
    const sample: number[] = [];
    for (let k = 0; k < targets.length; k += step) {
      const t = targets[k];
      sample.push(cost[((t / w) | 0) * bw - by * bw + (t % w) - bx] / n);
    }
    sample.sort((a, b) => a - b);
    sigma2 = Math.max(1, sample[Math.floor(sample.length * 0.75)]);
  }
  const weights = new Float32Array(field.nnf.length);
  const logDecay = Math.log(DEPTH_DECAY);
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const b = ((t / w) | 0) * bw - by * bw + (t % w) - bx;
    let wt = Math.exp(-depth[t] * logDecay);
    if (useCost) wt *= Math.exp(-cost[b] / n / (2 * sigma2));
    weights[b] = Math.max(wt, 1e-30);
  }
  return weights;
}

/**
 * Mode-seeking vote: each hole pixel starts from the proposal of its most trusted
 * patch and averages only the proposals within MODE_RADIUS of it. Proposals from the other side of an
 * edge or from another texture element are left out instead of being blended into a blur.
 */
export function voteMode(input: VoteInput): void {
  const { field } = input;
  const { img, hole, w, h } = field.level;
  const { targets, nnf, bw, bh, bx, by, r } = field;
  const weights = targetWeights(input);
  const bestW = new Float32Array(bw * bh);
  const bestSrc = new Int32Array(bw * bh);
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const tx = t % w,
      ty = (t / w) | 0;
    const b = (ty - by) * bw + tx - bx;
    const off = nnf[b] - t,
      wt = weights[b];
    for (let y = Math.max(0, ty - r); y <= Math.min(h - 1, ty + r); y++)
      for (let x = Math.max(0, tx - r); x <= Math.min(w - 1, tx + r); x++) {
        const p = y * w + x;
        if (!hole[p]) continue;
        const a = (y - by) * bw + x - bx;
        if (wt > bestW[a]) {
          bestW[a] = wt;
          bestSrc[a] = p + off;
        }
      }
  }
  const C = CHANNELS,
    V = VOTED_CHANNELS,
    A = V + 1;
  const acc = new Float32Array(bw * bh * A);
  const r2 = MODE_RADIUS * MODE_RADIUS;
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const tx = t % w,
      ty = (t / w) | 0;
    const b = (ty - by) * bw + tx - bx;
    const off = nnf[b] - t,
      wt = weights[b];
    for (let y = Math.max(0, ty - r); y <= Math.min(h - 1, ty + r); y++)
      for (let x = Math.max(0, tx - r); x <= Math.min(w - 1, tx + r); x++) {
        const p = y * w + x;
        if (!hole[p]) continue;
        const a = (y - by) * bw + x - bx;
        const q = (p + off) * C,
          m = bestSrc[a] * C;
        const e0 = img[q] - img[m],
          e1 = img[q + 1] - img[m + 1],
          e2 = img[q + 2] - img[m + 2];
        if (e0 * e0 + e1 * e1 + e2 * e2 > r2) continue;
        for (let c = 0; c < V; c++) acc[a * A + c] += wt * img[q + c];
        acc[a * A + V] += wt;
      }
  }
  writeBack(field, acc);
}

function writeBack(field: PatchField, acc: Float32Array): void {
  const { img, hole, w } = field.level;
  const { bw, bh, bx, by } = field;
  const C = CHANNELS,
    V = VOTED_CHANNELS,
    A = V + 1;
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const p = (y + by) * w + x + bx;
      const a = (y * bw + x) * A;
      if (!hole[p] || acc[a + V] <= 0) continue;
      for (let c = 0; c < V; c++) img[p * C + c] = acc[a + c] / acc[a + V];
    }
}
