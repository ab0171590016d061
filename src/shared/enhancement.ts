/**
 * Enhancement rules shared by the control panel (checks before calling) and the jobs service (authoritative).
 * seed 001 §5 and §9.
 */
import { scaledSize } from './credit-cost.js';
import { msg } from './messages.js';

export const UPSCALE_FACTORS = [2, 3, 4, 6] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

export const ENHANCEMENT_MODES = ['precision', 'detail', 'creativity'] as const;
export type EnhancementMode = (typeof ENHANCEMENT_MODES)[number];

export const MODE_LABELS: Record<EnhancementMode, string> = { precision: 'Precision', detail: 'Detail', creativity: 'Creativity' };

/** seed 001 §9: default params, and the value each mode sets for its own parameter. */
export const DEFAULT_ENHANCEMENT_PARAMS = { creativity: 50, resolutionScale: 2, distortion: 17, scaling: 9, smoothness: 11 } as const;
export const MODE_PRESETS: Record<EnhancementMode, { key: EnhancementMode; value: number }> = {
  precision: { key: 'precision', value: 90 },
  detail: { key: 'detail', value: 80 },
  creativity: { key: 'creativity', value: 90 },
};

/** Output ceiling (seed 001 §9). */
export const MAX_OUTPUT_MEGAPIXELS = 64;
export const MAX_OUTPUT_PIXELS = MAX_OUTPUT_MEGAPIXELS * 1_000_000;
/**
 * The per-side minimum of the target resolution is not given by the seed. 64 px: below it a result is a thumbnail,
 * not a render, and the models' 16 px tile margins leave nothing to enhance.
 */
export const MIN_OUTPUT_SIDE = 64;

/** seed 000 §5: a side over 4000 px or over 16 megapixels. */
export function isHighResolution(width: number, height: number): boolean {
  return width > 4000 || height > 4000 || width * height > 16_000_000;
}

export function isUpscaleFactor(value: unknown): value is UpscaleFactor {
  return (UPSCALE_FACTORS as readonly unknown[]).includes(value);
}

export function isEnhancementMode(value: unknown): value is EnhancementMode {
  return (ENHANCEMENT_MODES as readonly unknown[]).includes(value);
}

/** Each side times the scale, rounded (seed 001 §5). */
export function targetResolution(width: number, height: number, scale: number): { width: number; height: number; megapixels: number } {
  const { width: w, height: h } = scaledSize(width, height, scale);
  return { width: w, height: h, megapixels: (w * h) / 1_000_000 };
}

/** Over the output ceiling; exactly 64 MP is allowed. */
export function isAboveOutputLimit(width: number, height: number): boolean {
  return width * height > MAX_OUTPUT_PIXELS;
}

/** The seed's message for an output over the ceiling. */
export function aboveOutputLimitMessage(width: number, height: number): string {
  return msg('enhanceAboveMaximum', { w: width, h: height, max: MAX_OUTPUT_MEGAPIXELS });
}

/** The seed's message when the target resolution is out of bounds, else null. */
export function targetResolutionError(width: number, height: number, scale: number): string | null {
  const t = targetResolution(width, height, scale);
  if (t.width < MIN_OUTPUT_SIDE || t.height < MIN_OUTPUT_SIDE) return msg('enhanceBelowMinimum', { w: t.width, h: t.height, min: MIN_OUTPUT_SIDE });
  if (isAboveOutputLimit(t.width, t.height)) return aboveOutputLimitMessage(t.width, t.height);
  return null;
}

/** seed 001 §9 timing. */
export const JOB_RESTORE_WINDOW_MS = 2 * 60 * 60 * 1000;
export const STALE_PROCESSING_MS = 60 * 60 * 1000;
export const STUCK_IMAGE_MS = 10 * 60 * 1000;
export const COMPLETION_REPLAY_MAX_AGE_MS = 4 * 60 * 60 * 1000;
export const ALMOST_DONE_AFTER_MS = 900_000;

/** seed 001 §9 progress estimate per image, in seconds: 60 + 60 + longest scaled side / 2000 × 60, +60 over 4000 px, at most 600. */
export function estimatedSeconds(width: number, height: number, scale: number): number {
  const longest = Math.max(width, height) * scale;
  let seconds = 60 + 60 + (longest / 2000) * 60;
  if (longest > 4000) seconds += 60;
  return Math.min(600, seconds);
}
