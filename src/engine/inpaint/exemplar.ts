/**
 * Multi-scale exemplar-based completion (Wexler et al. 2007, with the PatchMatch search of Barnes et al.
 * 2009), the method of content-aware fill and Resynthesizer: the hole is rebuilt only from patches copied
 * from outside it, coarse to fine.
 *
 * - Pyramid of 2×2 means until the hole is about two patches deep; the coarsest hole starts from an
 *   onion-peel patch fill (`onion-fill.ts`).
 * - At every level, EM: PatchMatch (propagation + random search) matches every patch touching the hole
 *   with a source patch entirely outside it, then the matches vote for the hole's pixels, weighted by
 *   depth into the hole and match quality. Coarse levels take many iterations, so long structures settle;
 *   the vote is mode-seeking at every level: a plain mean blurs, and a blurred estimate then matches flat
 *   sources better than textured ones, which is how a rug turns into a grey blob.
 * - The field is upsampled between levels and the finer level is first rebuilt from it with its own
 *   full-resolution pixels, so no detail is ever interpolated.
 * - Optionally (`shading: true`, `shading.ts`): the fill keeps its own high band and takes its low band from
 *   a membrane over the hole's surroundings, so copied texture does not bring the light of where it came from.
 * All randomness comes from a seeded generator: the same input gives the same bytes.
 */
import { createField, nearestValid, randomValid, refreshCosts, searchSweep, type PatchField } from './patch-field.js';
import { voteMode } from './patch-vote.js';
import { onionPatchFill } from './onion-fill.js';
import { buildPyramid, CHANNELS, finestLevel, GUIDE_CHANNEL, holeDepth, levelCount } from './pyramid.js';
import { findCrossingLines, paintGuides, type GuideLine } from './structure.js';
import { matchShading } from './shading.js';
import { mulberry32 } from '@shared/seeded-random.js';

export interface ExemplarOptions {
  /** Patch side in pixels (odd). */
  patch?: number;
  seed?: number;
  /** Called with work done and total (arbitrary units proportional to time) after each step. */
  onStep?: (done: number, total: number) => void;
  /** Receives the straight edges found crossing the hole and continued through it. */
  lines?: GuideLine[];
  /** Called between steps; may throw to stop (cancellation) and lets the event loop run. */
  between?: () => Promise<void>;
  /**
   * Take the fill's low band (shading) from a membrane over the hole's surroundings (`shading.ts`). Off by
   * default: it follows a shading ramp across one surface, but on the benchmark renders, where the ring
   * around a hole often touches another surface (sky beside a wall, a roof above cladding), it moved the
   * fill's light further from the truth than the copied light is (docs/engine.md, removal against ground truth).
   */
  shading?: boolean;
}

/** Cell side of the shading match: twice the patch, or an eighth of the hole's equivalent square side. */
export function shadingSigma(holePixels: number, patch: number): number {
  return Math.max(2 * patch, Math.sqrt(holePixels) / 8);
}

/** The coarsest level is the first where the hole is at most this many patches deep. */
const COARSE_DEPTH = 2;

/** EM iterations and PatchMatch sweeps per EM iteration, by level (0 = finest). */
function schedule(level: number, coarsest: number): { em: number; sweeps: number } {
  if (level === coarsest) return { em: 12, sweeps: 3 };
  if (level === 0) return { em: 1, sweeps: 2 };
  if (level === 1) return { em: 2, sweeps: 2 };
  return { em: 6, sweeps: 2 };
}

/** Field of a finer level from the coarser one: each source offset doubled, with the pixel's parity. */
function upsampleField(fine: PatchField, coarse: PatchField, rand: () => number): void {
  const { w } = fine.level;
  const cw = coarse.level.w;
  for (let k = 0; k < fine.targets.length; k++) {
    const t = fine.targets[k];
    const x = t % w,
      y = (t / w) | 0;
    const cx = Math.min(coarse.level.w - 1, x >> 1),
      cy = Math.min(coarse.level.h - 1, y >> 1);
    const inBox = cx >= coarse.bx && cx < coarse.bx + coarse.bw && cy >= coarse.by && cy < coarse.by + coarse.bh;
    const cs = inBox ? coarse.nnf[(cy - coarse.by) * coarse.bw + cx - coarse.bx] : -1;
    let s = -1;
    if (cs >= 0) s = nearestValid(fine, 2 * (cs % cw) + (x & 1), 2 * ((cs / cw) | 0) + (y & 1), 2 * fine.r);
    fine.nnf[(y - fine.by) * fine.bw + x - fine.bx] = s >= 0 ? s : randomValid(fine, rand);
  }
}

/**
 * Fills the hole of `rgb` (interleaved 8-bit) and returns the completed image; pixels outside the hole are
 * returned unchanged. Returns null when there is nothing outside the hole to copy from.
 */
export async function exemplarInpaint(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, opts: ExemplarOptions = {}): Promise<Uint8Array | null> {
  const P = opts.patch ?? 7;
  const r = P >> 1;
  const rand = mulberry32(opts.seed ?? 0x5eed);
  const count = levelCount(hole, w, h, COARSE_DEPTH * P, 4 * P);
  const finest = finestLevel(rgb, hole, w, h, Math.max(P, 2 ** (count - 1)));
  const levels = buildPyramid(finest, count);
  const coarsest = levels.length - 1;
  const lines: GuideLine[] = findCrossingLines(rgb, hole, w, h);
  opts.lines?.push(...lines);
  levels.forEach((l, li) => {
    for (let i = 0; i < l.w * l.h; i++) l.img[i * CHANNELS + GUIDE_CHANNEL] = l.img[i * CHANNELS + GUIDE_CHANNEL + 1] = 0;
    paintGuides(l.img, l.w, l.h, CHANNELS, GUIDE_CHANNEL, lines, 2 ** -li);
  });

  // work units: target pixels × (EM iterations × (sweeps + 1)), estimated from hole sizes (4× per level)
  let holePixels = 0;
  for (let i = 0; i < w * h; i++) holePixels += hole[i];
  const unitsOf = (li: number) => {
    const s = schedule(li, coarsest);
    return (holePixels / 4 ** li) * s.em * (s.sweeps + 1);
  };
  let total = 0;
  for (let li = 0; li <= coarsest; li++) total += unitsOf(li);
  let done = 0;

  let prev: PatchField | undefined;
  for (let li = coarsest; li >= 0; li--) {
    const level = levels[li];
    const field = createField(level, r);
    if (field.validCount === 0) return null;
    const depth = holeDepth(level.hole, level.w, level.h);
    if (!prev) {
      onionPatchFill(field, rand);
      for (let k = 0; k < field.targets.length; k++) {
        const t = field.targets[k];
        const x = t % level.w,
          y = (t / level.w) | 0;
        field.nnf[(y - field.by) * field.bw + x - field.bx] = randomValid(field, rand);
      }
    } else {
      upsampleField(field, prev, rand);
      // the finer hole is rebuilt from its own pixels through the upsampled field before any matching
      voteMode({ field, depth, useCost: false });
    }
    const { em, sweeps } = schedule(li, coarsest);
    // coarse levels search the whole level; finer ones refine around the upsampled matches
    const radius = li === coarsest ? Math.max(level.w, level.h) : Math.min(Math.max(level.w, level.h), li === 0 ? 4 * P : 8 * P);
    const unitsPerIter = unitsOf(li) / em;
    for (let e = 0; e < em; e++) {
      refreshCosts(field);
      for (let sweep = 0; sweep < sweeps; sweep++) searchSweep(field, sweep, radius, rand);
      voteMode({ field, depth, useCost: true });
      done += unitsPerIter;
      opts.onStep?.(Math.min(done, total), total);
      if (opts.between) await opts.between();
    }
    prev = field;
    levels.length = li + 1; // the coarser images are no longer needed
  }

  const img = finest.img;
  if (opts.shading === true) matchShading(img, CHANNELS, hole, w, h, { sigma: shadingSigma(holePixels, P), lines });
  const out = Uint8Array.from(rgb);
  for (let i = 0; i < w * h; i++) if (hole[i]) for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(img[i * CHANNELS + c])));
  return out;
}
