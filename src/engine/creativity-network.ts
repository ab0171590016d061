import { findPackage, realesrganModels, type PackageLookup } from './models/registry.js';

/**
 * Creativity's generative network above CREATIVITY_FULL_GAN (Real-ESRGAN x4plus, GAN-trained: the most invented
 * detail, at about 10× Precision's time).
 */
export const CREATIVITY_GAN_MODEL = 'realesrgan-x4plus';

/**
 * Creativity's generative network up to CREATIVITY_FULL_GAN, its preset included: Real-ESRGAN x4fast, the compact
 * GAN-trained network of the same package, at about 2.5× Precision's time (docs/engine.md, bench (m)).
 */
export const CREATIVITY_FAST_GAN_MODEL = 'realesrgan-x4fast';

/** Above this `creativity`, Creativity spends about four times the wait on x4plus for more invented detail. */
export const CREATIVITY_FULL_GAN = 95;

/** Which network Creativity runs here: Real-ESRGAN x4plus, or the filter fallback and why. */
export type CreativityNetwork = { creativity: typeof CREATIVITY_GAN_MODEL } | { creativity: 'fallback'; reason: string };

/** A file check only (no model is loaded), so the API process can report it too. */
export function creativityNetwork(lookup: PackageLookup = findPackage): CreativityNetwork {
  const { status } = realesrganModels(lookup);
  return status.available
    ? { creativity: CREATIVITY_GAN_MODEL }
    : {
        creativity: 'fallback',
        reason: `${status.reason}: Creativity uses the faithful network with a local-contrast filter, Precision the faithful network alone`,
      };
}

/**
 * Context per inner tile side when the GAN network runs: Real-ESRGAN's 23 RRDB blocks see much further than
 * the UpscalerJS networks. Measured on a 260×180 render crop, x4plus alone, tiled against untiled: 32 px
 * margins differ by up to 16 levels, 40 px by 7, 56 px by 3, 64 px by 1. x4plus runs only inside Creativity's
 * texture-keeping mix, and there (creativity 100, ×2, crops of the brick facade, the living room and the winter
 * render) 40 px differ by up to 6 levels, 48 px by 2, 64 px by 1 (docs/engine.md, tiling); 48 px take 12 % off a
 * 1 MP render's wait.
 */
export const GAN_TILE_MARGIN = 48;

/**
 * Context per inner tile side when x4fast runs as Creativity's network, with x4plus's window area. Measured as
 * x4plus's (`creativity.test.ts`, the texture-keeping mix at 0.9): 4 px margins differ by up to 16 levels, 8 px by 4,
 * 16 and 24 px by 1, 32 px by 0.
 */
export const FAST_GAN_TILE_MARGIN = 24;

/**
 * Most input pixels per window when the GAN network runs (`planWindow` picks the shape). It runs as body and head
 * (`split-network.ts`), so the window bounds the body's tensors: 384² held 1.1 GB of RSS against 0.65 GB at 256²,
 * and halves the work of 256² windows on a 1 MP render (docs/engine.md, "Creativity's windows").
 */
export const GAN_WINDOW_AREA = 384 * 384;
