import sharp from 'sharp';
import { EngineError, throwIfAborted } from '../errors.js';
import { decodeImage, embedIccInPng, encodeImage, readInput } from '../image-io.js';
import type { RunControl } from '../enhance-image.js';
import { lumaAt } from '../luma.js';
import { createProgressTracker } from '../progress.js';
import { exemplarInpaint } from './exemplar.js';
import { teleaInpaint } from './opencv.js';
import { patchMatchInpaint } from './patchmatch.js';
import { otherSurfaceBand } from './other-surface.js';
import { corridorInpaint, type CorridorReport } from './planes/corridor.js';
import { dilate } from './dilate.js';
import { planeGuidedInpaint, type PlaneReport } from './planes/plane-fill.js';
import { DEFAULT_FILL_SEED, FEATHER_RANGE, MAX_MASK_SHARE, maskTooLargeMessage, PAINTED_FROM } from '@shared/removal.js';

// the limit is shared with the submit check of the API (src/shared/removal.ts)
export { MAX_MASK_SHARE, maskTooLargeMessage, dilate };
/** The painted mask is grown by this many pixels so anti-aliased edges and halos of the object go too. */
export const MASK_DILATION = 3;

const PROGRESS_STEPS = 1000;

/**
 * How much of each pixel is painted, 0..255: the opacity of strokes on a transparent mask, or the brightness of light
 * strokes on an opaque dark mask. At least half is painted; less, around the paint, is a feathered edge.
 */
async function readMask(mask: Buffer | string, width: number, height: number): Promise<Uint8Array> {
  const buf = await readInput(mask);
  let img = sharp(buf, { pages: 1 });
  const meta = await img.metadata().catch(() => {
    throw new EngineError('UNSUPPORTED_INPUT', 'The mask is not a readable image');
  });
  if (meta.width !== width || meta.height !== height) img = sharp(await img.resize(width, height, { kernel: 'nearest', fit: 'fill' }).png().toBuffer());
  const { data, info } = await img.ensureAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  let transparentSomewhere = false;
  for (let i = 3; i < data.length; i += 4)
    if (data[i] < 255) {
      transparentSomewhere = true;
      break;
    }
  const out = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += info.channels) {
    out[i] = transparentSomewhere ? data[j + 3] : Math.max(data[j], data[j + 1], data[j + 2]);
  }
  return out;
}

/**
 * The pixels a removal fills and how much of each is replaced (0..255): the painted pixels grown by MASK_DILATION
 * (covering an object's soft outline) are replaced whole. A feathered mask (grey all around its paint, just past the
 * grown part) also has its soft edge, within the widest feather, filled and blended by how much it is painted. Grey
 * left here and there (what an eraser's soft edge leaves of a stroke) is not a feather: such a mask, like one without
 * grey, is its grown paint replaced whole.
 */
function featheredHole(painted: Uint8Array, coverage: Uint8Array, w: number, h: number): { hole: Uint8Array; weight: Uint8Array } {
  const hole = dilate(painted, w, h, MASK_DILATION);
  const weight = new Uint8Array(w * h);
  for (let i = 0; i < hole.length; i++) if (hole[i]) weight[i] = 255;
  // the ring one pixel past the grown paint: a feather covers nearly all of it
  const next = dilate(painted, w, h, MASK_DILATION + 1);
  let ring = 0,
    grey = 0;
  for (let i = 0; i < hole.length; i++)
    if (next[i] && !hole[i]) {
      ring++;
      if (coverage[i] > 0) grey++;
    }
  if (grey < FEATHERED_RING_SHARE * ring) return { hole, weight };
  const reach = dilate(painted, w, h, MASK_DILATION + FEATHER_RANGE.max);
  for (let i = 0; i < hole.length; i++)
    if (!hole[i] && reach[i] && coverage[i] > 0) {
      hole[i] = 1;
      weight[i] = coverage[i];
    }
  return { hole, weight };
}

/** Share of the ring just past the grown paint that must be grey for the mask to count as feathered. */
const FEATHERED_RING_SHARE = 0.8;

/**
 * - `exemplar`: multi-scale exemplar completion (`exemplar.ts`), Telea kept only where the surroundings are smooth.
 * - `patchmatch`: the earlier single-vote PatchMatch refinement of a Telea fill (kept for comparison).
 * - `telea`: diffusion alone.
 */
export type InpaintMethod = 'exemplar' | 'patchmatch' | 'telea';

export interface InpaintCoreOptions {
  method?: InpaintMethod;
  /** Receives the method actually used (patch methods are skipped on smooth surroundings). */
  report?: { method?: InpaintMethod };
  /** Progress of the fill as a fraction 0..1. */
  onFraction?: (fraction: number) => void;
  /** Awaited between steps of the fill: may throw to cancel, and lets the event loop run. */
  between?: () => Promise<void>;
  /** Seed of the patch searches: the same seed gives the same fill, another seed another candidate. */
  seed?: number;
  /**
   * Exemplar fills first try plane-guided completion (`planes/plane-fill.ts`) when the hole lies on a plane seen
   * in perspective, then the far end of a corridor (`planes/corridor.ts`); false keeps to the single-scale exemplar
   * completion.
   */
  planes?: boolean;
  /** Receives the planes found and how each side of the hole was filled. */
  planeReport?: PlaneReport;
  /** Receives the corridor's vanishing point and factor when the hole was filled as its far end. */
  corridorReport?: CorridorReport;
}

/**
 * Detail in a ring of known pixels around the hole, from the absolute Laplacian of luma: its mean, and the
 * share of ring pixels where it exceeds EDGE_LAPLACIAN (grout lines, plank joints, pattern edges).
 * Smooth shading and gradients score near zero on both; a tiled floor or a rug scores high on the share
 * even where the tiles themselves are flat.
 */
function surroundingTexture(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, ring = 8): { mean: number; edgeShare: number } {
  const around = dilate(hole, w, h, ring);
  const luma = (i: number) => lumaAt(rgb, i);
  let sum = 0;
  let edges = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!around[i] || hole[i] || hole[i - 1] || hole[i + 1] || hole[i - w] || hole[i + w]) continue;
      const lap = Math.abs(4 * luma(i) - luma(i - 1) - luma(i + 1) - luma(i - w) - luma(i + w));
      sum += lap;
      if (lap >= EDGE_LAPLACIAN) edges++;
      n++;
    }
  return n ? { mean: sum / n, edgeShare: edges / n } : { mean: 0, edgeShare: 0 };
}

/** A Laplacian of luma at least this large (levels) is an edge or texture detail, not shading or noise. */
const EDGE_LAPLACIAN = 8;
/** Below this mean Laplacian (levels) *and* this share of edge pixels the surroundings are smooth shading. */
const SMOOTH_TEXTURE_LIMIT = 1;
const SMOOTH_EDGE_SHARE = 0.01;

/** Diffusion is exact on smooth shading and gradients, where copied patches would only add offsets. */
function isSmooth(t: { mean: number; edgeShare: number }): boolean {
  return t.mean < SMOOTH_TEXTURE_LIMIT && t.edgeShare < SMOOTH_EDGE_SHARE;
}

/** The crop a fill works on: the hole's bounding box grown by 3/4 of its larger side (at least 48 px), clamped. */
export interface HoleCrop {
  x0: number;
  y0: number;
  cw: number;
  ch: number;
  crop: Uint8Array;
  cropHole: Uint8Array;
}

/** The crop around the hole with enough surroundings to copy from; null when nothing is painted. */
export function holeCrop(rgb: Uint8Array, hole: Uint8Array, w: number, h: number): HoleCrop | null {
  let minX = w,
    minY = h,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (hole[y * w + x]) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0) return null;
  const pad = Math.max(48, Math.round(Math.max(maxX - minX, maxY - minY) * 0.75));
  const x0 = Math.max(0, minX - pad),
    y0 = Math.max(0, minY - pad),
    x1 = Math.min(w, maxX + pad + 1),
    y1 = Math.min(h, maxY + pad + 1);
  const cw = x1 - x0,
    ch = y1 - y0;
  const crop = new Uint8Array(cw * ch * 3);
  const cropHole = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    crop.set(rgb.subarray(((y0 + y) * w + x0) * 3, ((y0 + y) * w + x1) * 3), y * cw * 3);
    cropHole.set(hole.subarray((y0 + y) * w + x0, (y0 + y) * w + x1), y * cw);
  }
  return { x0, y0, cw, ch, crop, cropHole };
}

/**
 * Fills the hole of an RGB image (interleaved 8-bit). Works on a crop around the hole with enough
 * surroundings to copy from; pixels outside the hole are returned untouched.
 */
export async function inpaintRgb(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, opts: InpaintCoreOptions = {}): Promise<Uint8Array> {
  const c = holeCrop(rgb, hole, w, h);
  if (!c) return Uint8Array.from(rgb);
  const { x0, y0, cw, ch, crop, cropHole } = c;
  const wanted = opts.method ?? 'exemplar';
  let filled: Uint8Array | null = null;
  let method: InpaintMethod = 'telea';
  if (wanted !== 'telea' && !isSmooth(surroundingTexture(crop, cropHole, cw, ch))) {
    if (wanted === 'exemplar') {
      const seed = opts.seed ?? DEFAULT_FILL_SEED;
      const onStep = (d: number, t: number) => opts.onFraction?.(d / t);
      // the plane-guided fill works on the whole image: its rectified view reaches past the crop
      const planar =
        opts.planes === false ? null : await planeGuidedInpaint(rgb, hole, w, h, { seed, onStep, between: opts.between, report: opts.planeReport });
      if (planar) {
        if (opts.report) opts.report.method = 'exemplar';
        return planar;
      }
      // the far end of a street or a corridor: the picture scaled about its vanishing point
      const corridor = opts.planes === false ? null : await corridorInpaint(rgb, hole, w, h, { seed, between: opts.between, report: opts.corridorReport });
      if (corridor) {
        if (opts.report) opts.report.method = 'exemplar';
        return corridor;
      }
      // another surface just beside the hole (a wall's edge against the sky) is neither copied nor matched
      const band = otherSurfaceBand(crop, cropHole, cw, ch);
      const fillHole = band ? cropHole.map((v, i) => v | band[i]) : cropHole;
      filled = await exemplarInpaint(crop, fillHole, cw, ch, { seed, onStep, between: opts.between });
    } else {
      filled = patchMatchInpaint(await teleaInpaint(crop, cropHole, cw, ch, 5), cropHole, cw, ch);
    }
    if (filled) method = wanted;
  }
  filled ??= await teleaInpaint(crop, cropHole, cw, ch, 5);
  if (opts.report) opts.report.method = method;
  const out = Uint8Array.from(rgb);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++)
      if (cropHole[y * cw + x]) {
        const o = ((y0 + y) * w + x0 + x) * 3,
          i = (y * cw + x) * 3;
        out[o] = filled[i];
        out[o + 1] = filled[i + 1];
        out[o + 2] = filled[i + 2];
      }
  return out;
}

/** What a removal may choose: the seed of its fill ('Try another fill' asks for another). */
export interface InpaintOptions {
  seed?: number;
}

/**
 * Removes the painted object. Output is PNG so that every pixel outside the grown mask stays identical; an RGB
 * colour profile is kept as it was (the fill works on the stored values).
 */
export async function inpaintImage(image: Buffer | string, mask: Buffer | string, control: RunControl = {}, options: InpaintOptions = {}) {
  throwIfAborted(control.signal);
  // 16-bit images keep their 16 bits: the fill is computed on 8-bit values and only the hole is written back
  const decoded = await decodeImage(image, { deviceValues: true });
  const { width: w, height: h, channels, data } = decoded.pixels;
  const coverage = await readMask(mask, w, h);
  const painted = new Uint8Array(w * h);
  let count = 0;
  for (let i = 0; i < painted.length; i++) count += painted[i] = coverage[i] >= PAINTED_FROM ? 1 : 0;
  if (count === 0) throw new EngineError('MASK_EMPTY', 'No mask drawn. Please paint over areas you want to remove first.');
  const { hole, weight } = featheredHole(painted, coverage, w, h);
  let holeCount = 0;
  for (let i = 0; i < hole.length; i++) holeCount += hole[i];
  if (holeCount / (w * h) > MAX_MASK_SHARE) throw new EngineError('MASK_TOO_LARGE', maskTooLargeMessage(holeCount / (w * h)));
  // progress in per-mille of the fill, so the bar moves during one long removal
  const progress = createProgressTracker(PROGRESS_STEPS, control.onProgress);
  const wide = data instanceof Uint16Array;
  const to8 = (v: number) => (wide ? Math.round(v / 257) : v);
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0, j = 0; i < w * h; i++, j += channels) {
    rgb[i * 3] = to8(data[j]);
    rgb[i * 3 + 1] = to8(data[j + 1]);
    rgb[i * 3 + 2] = to8(data[j + 2]);
  }
  const report: { method?: InpaintMethod } = {};
  let reported = 0;
  const filled = await inpaintRgb(rgb, hole, w, h, {
    seed: options.seed,
    report,
    onFraction: (f) => {
      const steps = Math.min(PROGRESS_STEPS - 1, Math.floor(f * (PROGRESS_STEPS - 1)));
      if (steps > reported) progress.tile((reported = steps));
    },
    between: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throwIfAborted(control.signal);
    },
  });
  throwIfAborted(control.signal);
  const out = wide ? Uint16Array.from(data) : Uint8Array.from(data);
  const back = wide ? 257 : 1;
  for (let i = 0, j = 0; i < w * h; i++, j += channels) {
    if (!hole[i]) continue;
    // the hole's core is replaced; its feathered edge is blended over the picture by how much it is painted
    const a = weight[i] / 255;
    for (let c = 0; c < 3; c++) out[j + c] = a === 1 ? filled[i * 3 + c] * back : Math.round(a * filled[i * 3 + c] * back + (1 - a) * data[j + c]);
  }
  const encoded = await encodeImage({ data: out, width: w, height: h, channels }, { format: 'png', grey: false, depth: wide ? 16 : 8 });
  const png = decoded.deviceValues ? embedIccInPng(encoded, decoded.icc!) : encoded;
  progress.tile(PROGRESS_STEPS);
  return { data: png, width: w, height: h, format: 'png', method: report.method === 'patchmatch' ? 'patchmatch+telea' : (report.method ?? 'telea') };
}
