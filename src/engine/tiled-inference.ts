import { EngineError, throwIfAborted } from './errors.js';
import { resampleRegion } from './resample.js';
import { textureKeepingMix } from './texture-blend.js';
import { planAxis } from './tiling.js';

/** Interleaved RGB (3 channels) or RGBA (4) pixels; 8-bit in Uint8Array, 16-bit in Uint16Array. */
export interface Pixels {
  data: Uint8Array | Uint16Array;
  width: number;
  height: number;
  channels: number;
}

/**
 * Runs the model on one planar NCHW tile [3][h][w] in the model's range; returns [3][h·s][w·s]. A model that runs in
 * several pieces checks `signal` between them: one onnxruntime run cannot be stopped from within its thread.
 */
export type TileModel = (tile: Float32Array, width: number, height: number, signal?: AbortSignal) => Promise<Float32Array>;

/**
 * The model's input for a tile, margins included: planar [3][height][width] in `range` (the model's input range). The
 * output tile covers the same area at the model's scale (output width / `width`).
 */
export interface TileInput {
  data: Float32Array;
  width: number;
  height: number;
  range: [number, number];
}

/**
 * Optional per-tile filter on the model output (planar, 0..1, model scale), e.g. detail enhancement; `input` is the
 * tile the model saw, for a filter that compares the output with it (others ignore it).
 */
export type TileFilter = (tile: Float32Array, width: number, height: number, input?: TileInput) => void;

export type Flip = 'none' | 'h' | 'v' | 'hv';

export interface TiledOptions {
  model: TileModel;
  modelScale: number;
  outScale: number;
  inputRange: [number, number];
  /** Input window per tile, margins included: its width, and its height unless `tileHeight` says otherwise. */
  tileSize: number;
  tileHeight?: number;
  /** Context cropped from each inner side of a tile. */
  margin: number;
  /** Self-ensemble: run each tile under these flips and average the un-flipped outputs. */
  flips?: Flip[];
  /** Applied to the first network's output, before the blends: they mix the filtered first output with others. */
  filter?: TileFilter;
  /** Applied to the tile after the blends: what a mode adds to the mixed output (Detail's boost). */
  finish?: TileFilter;
  /**
   * Further networks run on the same tile and mixed, in order, into the first one's (filtered) output before
   * the quantisation: out = (1 − weight)·out + weight·theirs, or with `keepTexture` the texture-keeping mix
   * (`texture-blend.ts`). Each output is brought to `modelScale` inside the tile when its own scale differs. A
   * plain blend of weight 1 replaces everything before it, which is then not run.
   */
  blends?: Blend[];
  /** Channels of the returned buffer: 3, or 4 to leave room for an alpha channel filled later. */
  outChannels?: 3 | 4;
  signal?: AbortSignal;
  onTile?: (done: number, total: number) => void;
}

export interface Blend {
  model: TileModel;
  modelScale: number;
  inputRange: [number, number];
  weight: number;
  /** Mixed so that texture the output before it had is never lost (`textureKeepingMix`); it never replaces. */
  keepTexture?: boolean;
}

/**
 * The blends that take part: those with a weight, from the last plain one of weight 1 on (it replaces the first
 * network and every blend before it, which are then not run; a texture-keeping blend needs what it mixes into).
 * `replaced` says whether the first network is left out.
 */
export function effectiveBlends<T extends { weight: number; keepTexture?: boolean }>(blends: readonly T[]): { blends: T[]; replaced: boolean } {
  const active = blends.filter((b) => b.weight > 0);
  const last = active.findLastIndex((b) => b.weight >= 1 && !b.keepTexture);
  return last >= 0 ? { blends: active.slice(last), replaced: true } : { blends: active, replaced: false };
}

export function countTiles(width: number, height: number, tileSize: number, margin: number, tileHeight = tileSize): number {
  return planAxis(width, tileSize, margin).length * planAxis(height, tileHeight, margin).length;
}

function flipPlanar(src: Float32Array, w: number, h: number, flip: Flip): Float32Array {
  if (flip === 'none') return src;
  const out = new Float32Array(src.length);
  const fh = flip === 'h' || flip === 'hv';
  const fv = flip === 'v' || flip === 'hv';
  for (let c = 0; c < 3; c++) {
    const p = c * w * h;
    for (let y = 0; y < h; y++) {
      const sy = fv ? h - 1 - y : y;
      for (let x = 0; x < w; x++) out[p + y * w + x] = src[p + sy * w + (fh ? w - 1 - x : x)];
    }
  }
  return out;
}

/** The blend network's output for a tile, in 0..1 at the first network's scale `m`. */
async function blendTile(
  tile: Float32Array,
  tw: number,
  th: number,
  lo: number,
  hi: number,
  blend: Blend,
  m: number,
  signal: AbortSignal | undefined,
): Promise<Float32Array> {
  const [blo, bhi] = blend.inputRange;
  const same = blo === lo && bhi === hi;
  const input = same ? tile : tile.map((v) => ((v - lo) / (hi - lo)) * (bhi - blo) + blo);
  const y = await blend.model(input, tw, th, signal);
  const gm = blend.modelScale;
  const g = same && blo === 0 && bhi === 1 ? y : y.map((v) => (v - blo) / (bhi - blo));
  if (gm === m) return g;
  // the whole tile, from the blend network's scale to the first network's; margins absorb the edges
  return resampleRegion(g, 3, tw * gm, th * gm, m / gm, 0, 0, 0, tw * m, 0, th * m);
}

/**
 * Upscales `src` tile by tile. Each tile is converted to float only for its own inference; the result
 * is quantised straight into the integer output buffer, so memory grows with the output's integer
 * size, never with a float copy of it.
 */
export async function upscaleTiled(src: Pixels, opts: TiledOptions): Promise<Pixels> {
  const { width, height, channels } = src;
  const { modelScale: m, outScale: s, tileSize, margin } = opts;
  if (!Number.isInteger(s)) throw new EngineError('UNSUPPORTED_INPUT', 'Scale must be an integer');
  const outW = width * s;
  const outH = height * s;
  const outC = opts.outChannels ?? 3;
  const maxValue = src.data instanceof Uint16Array ? 65535 : 255;
  const out = maxValue === 65535 ? new Uint16Array(outW * outH * outC) : new Uint8Array(outW * outH * outC);
  const cols = planAxis(width, tileSize, margin);
  const rows = planAxis(height, opts.tileHeight ?? tileSize, margin);
  const total = cols.length * rows.length;
  const [lo, hi] = opts.inputRange;
  const toModel = (hi - lo) / maxValue;
  const flips = opts.flips?.length ? opts.flips : (['none'] as Flip[]);
  const { blends, replaced } = effectiveBlends(opts.blends ?? []);
  let done = 0;

  for (const ty of rows) {
    for (const tx of cols) {
      throwIfAborted(opts.signal);
      const tw = tx.size;
      const th = ty.size;
      const tile = new Float32Array(3 * tw * th);
      for (let y = 0; y < th; y++) {
        let i = ((ty.start + y) * width + tx.start) * channels;
        const row = y * tw;
        for (let x = 0; x < tw; x++, i += channels) {
          tile[row + x] = src.data[i] * toModel + lo;
          tile[tw * th + row + x] = src.data[i + 1] * toModel + lo;
          tile[2 * tw * th + row + x] = src.data[i + 2] * toModel + lo;
        }
      }
      const mw = tw * m;
      const mh = th * m;
      let sr: Float32Array | undefined;
      if (!replaced) {
        for (const flip of flips) {
          const y = flipPlanar(await opts.model(flipPlanar(tile, tw, th, flip), tw, th, opts.signal), mw, mh, flip);
          if (!sr) sr = flip === 'none' ? y : Float32Array.from(y);
          else for (let i = 0; i < sr.length; i++) sr[i] += y[i];
          throwIfAborted(opts.signal);
        }
        const norm = 1 / (flips.length * (hi - lo));
        for (let i = 0; i < sr!.length; i++) sr![i] = (sr![i] - lo * flips.length) * norm;
        opts.filter?.(sr!, mw, mh, { data: tile, width: tw, height: th, range: [lo, hi] });
      }
      // a network mixed in twice (x4fast in Precision's mix and as Creativity's) runs once per tile
      const ran = new Map<Blend['model'], Float32Array>();
      for (const blend of blends) {
        const second = ran.get(blend.model) ?? (await blendTile(tile, tw, th, lo, hi, blend, m, opts.signal));
        throwIfAborted(opts.signal);
        // an output that becomes the tile is mixed into in place: it is not kept for reuse
        if (!sr) {
          sr = second;
          continue;
        }
        ran.set(blend.model, second);
        if (blend.keepTexture) textureKeepingMix(sr, second, mw, mh, blend.weight, m);
        else {
          const w = blend.weight;
          for (let i = 0; i < sr.length; i++) sr[i] = (1 - w) * sr[i] + w * second[i];
        }
      }
      opts.finish?.(sr!, mw, mh, { data: tile, width: tw, height: th, range: [lo, hi] });

      const x0 = tx.from * s;
      const x1 = tx.to * s;
      const y0 = ty.from * s;
      const y1 = ty.to * s;
      const rw = x1 - x0;
      let region: Float32Array;
      let rStride: number;
      let rPlane: number;
      let rOff: number;
      if (m === s) {
        region = sr!;
        rStride = mw;
        rPlane = mw * mh;
        rOff = (y0 - ty.start * m) * mw + (x0 - tx.start * m);
      } else {
        region = resampleRegion(sr!, 3, mw, mh, s / m, tx.start * m, ty.start * m, x0, x1, y0, y1);
        rStride = rw;
        rPlane = rw * (y1 - y0);
        rOff = 0;
      }
      for (let y = 0; y < y1 - y0; y++) {
        let o = ((y0 + y) * outW + x0) * outC;
        const r = rOff + y * rStride;
        for (let x = 0; x < rw; x++, o += outC) {
          for (let c = 0; c < 3; c++) {
            const v = region[c * rPlane + r + x];
            out[o + c] = v <= 0 ? 0 : v >= 1 ? maxValue : Math.round(v * maxValue);
          }
        }
      }
      done++;
      opts.onTile?.(done, total);
    }
  }
  return { data: out, width: outW, height: outH, channels: outC };
}
