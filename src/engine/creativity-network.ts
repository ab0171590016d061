import { findPackage, realesrganModels, type PackageLookup } from './models/registry.js';

/** Creativity's generative network (Real-ESRGAN x4plus, GAN-trained). */
export const CREATIVITY_GAN_MODEL = 'realesrgan-x4plus';

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
 * margins differ by up to 16 levels, 40 px by 7, 56 px by 3, 64 px by 1 (docs/engine.md, tiling).
 */
export const GAN_TILE_MARGIN = 64;

/**
 * Most input pixels per window when the GAN network runs (`planWindow` picks the shape). It runs as body and head
 * (`split-network.ts`), so the window bounds the body's tensors: 384² held 1.1 GB of RSS against 0.65 GB at 256²,
 * and halves the work of 256² windows on a 1 MP render (docs/engine.md, "Creativity's windows").
 */
export const GAN_WINDOW_AREA = 384 * 384;
