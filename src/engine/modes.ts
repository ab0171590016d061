import { CREATIVITY_FAST_GAN_MODEL, CREATIVITY_FULL_GAN, CREATIVITY_GAN_MODEL } from './creativity-network.js';
import { detailBoostInPlace } from './detail-boost.js';
import { unsharpInPlace } from './detail-filter.js';
import type { Family } from './models/registry.js';
import type { Flip, TileFilter } from './tiled-inference.js';
import { ENHANCEMENT_MODES, MODE_PRESETS, type EnhancementMode } from '@shared/enhancement.js';

// seed 001 §9: the modes and their presets, defined with the rest of the domain in src/shared
export type Mode = EnhancementMode;
export const MODES: readonly Mode[] = ENHANCEMENT_MODES;

export interface ModeParams {
  creativity: number;
  detail: number;
  precision: number;
}

export interface ModePlan {
  family: Family;
  flips: Flip[];
  /** Strength actually used, 0..100, after presets and clamping. */
  strength: number;
  /** Built per model scale: filter radii are in low-resolution pixels. */
  filter?: (modelScale: number) => TileFilter;
  /** Applied per tile after the mixes, built per model scale like `filter`: what the mode adds (Detail's boost). */
  finish?: (modelScale: number) => TileFilter;
  /**
   * Networks mixed, in order, into the faithful (filtered) output per tile before quantisation: weight 0 leaves
   * the output as it is, 1 replaces it with that network's alone.
   */
  mixes?: Mix[];
}

export interface Mix {
  model: string;
  weight: number;
  /** Mixed by the texture-keeping mix (`texture-blend.ts`): texture the output before it had is never lost. */
  keepTexture?: boolean;
}

/** What the engine can run beside the UpscalerJS networks, and the scale asked for. */
export interface ModeOptions {
  /**
   * Real-ESRGAN is installed (the optional package): Precision mixes x4fast into its faithful network and
   * Creativity adds x4fast or x4plus. Without it Precision is the faithful network alone and Creativity keeps its filter.
   */
  gan?: boolean;
  /** The requested scale: the faithful network depends on it (see `faithfulPlan`). */
  scale?: number;
  /** A model was asked for by name: it runs as the faithful network, without Precision's mix. */
  namedModel?: boolean;
}

/**
 * The sharpening that makes medium the faithful network at ×2 (docs/engine.md, "Precision per scale"): an unsharp
 * mask of σ = 0.5 low-resolution px at amount 1.0, limited to ±0.08, scored +2.34 dB over bicubic on 480×360 render
 * crops against thick's +1.85, at about a tenth of thick's time. At ×3 and above thick leads.
 */
const FAITHFUL_X2_SHARPENING = 1.0;
const unsharp = (amount: number) => (m: number) => (tile: Float32Array, w: number, h: number) => unsharpInPlace(tile, w, h, 0.5 * m, amount, 0.08);

/**
 * Detail's boost (`detail-boost.ts`; docs/engine.md, bench (m)): the texture band (σ 0.5 to 1.5 low-resolution px)
 * gained by 3.75 · detail / 100 (3 at the preset), cored at 3 levels; within 2 low-resolution px of an edge whose
 * smoothed gradient passes 0.03 to 0.09 per low-resolution px the gain falls to a fifth and the result is held inside
 * the smoothed neighbourhood's range; elsewhere the boost is capped by the input's own local texture (`DETAIL_CAP`).
 * Chosen on the ×2 render crops (at the preset: halo 0.00 levels against Precision's 0.10, texture kept 0.704 against
 * 0.679); the other scales take the same radii in low-resolution pixels.
 */
const DETAIL_GAIN = 3.75;
/**
 * The cap by the input's own texture (`detail-boost.ts`): away from edges, the output's local band RMS (band above σ
 * 0.7 low-resolution px, RMS over σ 2) at most this times the input's. On the winter render's stucco roof texture kept
 * 0.595 → 0.628 (bicubic 0.653, Precision 0.636), no other crop losing more than 0.001; 1.2, 1.5 and 2.0 scored
 * 0.628, 0.619, 0.608 there.
 */
const DETAIL_CAP = 1.0;
const EDGE_BAND = [0.03, 0.09];
/** The texture boost of `detail-boost.ts` at a gain, with Detail's radii, coring, edge hold and cap. */
const textureBoost =
  (gain: number) =>
  (m: number): TileFilter =>
  (tile, w, h, input) =>
    detailBoostInPlace(
      tile,
      w,
      h,
      {
        amount: gain,
        fine: 0.5 * m,
        coarse: 1.5 * m,
        coarseWeight: 0.75,
        noise: 3 / 255,
        range: Math.max(1, Math.round(m)),
        edgeReach: 2 * m,
        edgeBand: [EDGE_BAND[0] / m, EDGE_BAND[1] / m],
        edgeGain: 0.2,
        cap: { ratio: DETAIL_CAP, fine: 0.7, reach: 2 },
      },
      input,
    );

/** The network Precision mixes into its faithful one when Real-ESRGAN is installed: small, GAN-trained, ×4. */
export const PRECISION_MIX_MODEL = 'realesrgan-x4fast';

/**
 * Weight of `PRECISION_MIX_MODEL` per scale (docs/engine.md, "Precision ensembles", bench (k)): on the render
 * crops 0.3 scored +0.44 dB at ×3 and +0.28 at ×4 over the faithful network alone; at ×6 its ×4 output is
 * brought up, and 0.2 scored +0.10 where 0.3 scored +0.06. At ×2 0.3 scored +0.57 dB but nearly triples the
 * wait (a 1 MP render 13.4 → 38.4 s, past the 30 s goal), so it is mixed in only when precision > 95.
 */
const PRECISION_MIX_WEIGHT: Record<number, number> = { 2: 0.3, 3: 0.3, 4: 0.3, 6: 0.2 };
/** Above this `precision`, Precision spends more time for fidelity: the self-ensemble, and the mix at ×2. */
const PRECISION_THOROUGH = 95;

/**
 * Precision's own share of the texture boost per scale (a gain of `detail-boost.ts`, after its sharpening). At ×2,
 * where the network alone keeps less texture than a bicubic upscale, 0.75: bench (m), run of 2026-11-29, PSNR 29.27 →
 * 29.34 dB, texture kept 0.679 → 0.710 (bicubic 0.694), halo 0.10 → 0.02 levels. At ×4, where Precision already keeps
 * more texture than bicubic, it cost 0.02 dB, so the other scales have none. Detail's gain runs from it (detail 0) to
 * `DETAIL_GAIN` (100).
 */
const PRECISION_TEXTURE_GAIN: Partial<Record<number, number>> = { 2: 0.75 };
const precisionTextureGain = (scale: number | undefined): number => PRECISION_TEXTURE_GAIN[scale ?? 0] ?? 0;

/** Two tile filters, one after the other. */
const chain =
  (first: (m: number) => TileFilter, second: (m: number) => TileFilter) =>
  (m: number): TileFilter => {
    const a = first(m),
      b = second(m);
    return (tile, w, h, input) => {
      a(tile, w, h, input);
      b(tile, w, h, input);
    };
  };

/** The faithful network of a scale and its sharpening (medium sharpened at ×2, thick above). */
function faithfulNetwork(scale: number | undefined): Pick<ModePlan, 'family' | 'filter'> {
  return scale === 2 ? { family: 'medium', filter: unsharp(FAITHFUL_X2_SHARPENING) } : { family: 'thick' };
}

/** Precision's network and filter for a scale: the faithful network, its sharpening and its share of the boost. */
function faithfulPlan(scale: number | undefined): Pick<ModePlan, 'family' | 'filter'> {
  const network = faithfulNetwork(scale);
  const gain = precisionTextureGain(scale);
  if (gain === 0) return network;
  const boost = textureBoost(gain);
  return { family: network.family, filter: network.filter ? chain(network.filter, boost) : boost };
}

/** Precision's mix of a scale: the faithful network with x4fast, when Real-ESRGAN is installed. */
function precisionMixes(options: ModeOptions, precision: number): Mix[] {
  if (!options.gan || !options.scale || options.namedModel) return [];
  if (options.scale === 2 && precision <= PRECISION_THOROUGH) return [];
  const weight = PRECISION_MIX_WEIGHT[options.scale];
  return weight ? [{ model: PRECISION_MIX_MODEL, weight }] : [];
}

/** The model pass of an enhancement: its network family and native scale. */
export interface ModelStage {
  family: Family;
  modelScale: number;
}

/**
 * The pass that makes a scale (docs/engine.md, ×6): each scale with a model of its own runs it; ×6 is ×8 brought
 * down to ×6 inside each tile.
 */
export function modelStage(plan: ModePlan, scale: number): ModelStage {
  return { family: plan.family, modelScale: scale === 6 ? 8 : scale };
}

const clamp = (v: number) => Math.min(100, Math.max(0, Number.isFinite(v) ? v : 0));

/**
 * Mode → behaviour (see docs/engine.md for the measurements behind it):
 * - precision: the faithful plan of the scale: thick (best PSNR on our renders at ×3 and above), and at ×2 medium
 *   with a fine unsharp mask, which scores higher than thick at a tenth of its time, then a fifth of Detail's texture
 *   boost (`PRECISION_TEXTURE_GAIN`: texture kept up to bicubic's, halo down in bench (m)); with Real-ESRGAN installed,
 *   mixed with x4fast at ×3, ×4 and ×6 (0.3, 0.3, 0.2: +0.1 to +0.44 dB), and at ×2 only when precision > 95
 *   (+0.57 dB for about three times the wait). The two-way self-ensemble (identity + horizontal flip) measured
 *   +0.01 dB for twice the time, so only precision > 95 asks for it too.
 * - detail: Precision's plan and mix at its preset (so detail 0 is Precision at every scale), then, after the mix, the
 *   halo-free texture boost of `detail-boost.ts`, gain 3.75 · detail / 100 (at ×2 from Precision's own 0.75 up, in
 *   its place): texture crisper than Precision, edges held
 *   inside their smoothed neighbourhood's range (no rims), flat areas untouched (no grain). At ×3 and above it ran
 *   medium before, which at ×4 scored 0.9 dB below Precision with texture below bicubic's (docs/engine.md, bench (m)).
 * - creativity: Precision's plan and mix at its preset, then a generative network mixed per tile, Real-ESRGAN
 *   x4fast up to creativity 95 (its preset 90 included) and x4plus above it (more invented detail for about four
 *   times the wait), weight = creativity / 100, by the texture-keeping mix: tone and edges move from Precision's (0) to the GAN's
 *   (100), and the texture is the GAN's where it has more and Precision's put back where the GAN erased it (a
 *   render's stucco, fabric and pores, which the GAN paints flat; docs/engine.md, bench (m)); at ×4 and ×6 the band
 *   the input itself resolves stays Precision's, as the GAN drops structure there (head joints of tiles). Without
 *   Real-ESRGAN (the optional package is absent): the faithful plan plus a coarser local-contrast boost (σ = 1.5
 *   low-resolution px), amount = 0.6 · creativity / 100.
 */
export function planMode(mode: Mode, params: Partial<ModeParams> = {}, options: ModeOptions = {}): ModePlan {
  const faithful = faithfulPlan(options.scale);
  if (mode === 'precision') {
    const strength = clamp(params.precision ?? MODE_PRESETS.precision.value);
    return { ...faithful, flips: strength > PRECISION_THOROUGH ? ['none', 'h'] : ['none'], strength, mixes: precisionMixes(options, strength) };
  }
  if (mode === 'detail') {
    const strength = clamp(params.detail ?? MODE_PRESETS.detail.value);
    // Precision's network, sharpening and mix at its preset, then the boost at a gain from Precision's own share
    // (detail 0: Precision at every scale) to DETAIL_GAIN, in place of that share
    const base = precisionTextureGain(options.scale);
    const gain = base + ((DETAIL_GAIN - base) * strength) / 100;
    return {
      ...faithfulNetwork(options.scale),
      flips: ['none'],
      strength,
      mixes: precisionMixes(options, MODE_PRESETS.precision.value),
      finish: textureBoost(gain),
    };
  }
  const strength = clamp(params.creativity ?? MODE_PRESETS.creativity.value);
  if (options.gan) {
    // the GAN adds and never erases: its mix keeps Precision's texture wherever the GAN's has less (even at 100)
    const model = strength > CREATIVITY_FULL_GAN ? CREATIVITY_GAN_MODEL : CREATIVITY_FAST_GAN_MODEL;
    const mixes = [...precisionMixes(options, MODE_PRESETS.precision.value), { model, weight: strength / 100, keepTexture: true }];
    return { ...faithful, flips: ['none'], strength, mixes };
  }
  const contrast = (m: number) => (tile: Float32Array, w: number, h: number) => unsharpInPlace(tile, w, h, 1.5 * m, (0.6 * strength) / 100, 0.15);
  return { family: faithful.family, flips: ['none'], strength, filter: faithful.filter ? chain(faithful.filter, contrast) : contrast };
}
