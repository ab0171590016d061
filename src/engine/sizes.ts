import { EngineError } from './errors.js';
import {
  MAX_OUTPUT_MEGAPIXELS,
  UPSCALE_FACTORS,
  aboveOutputLimitMessage,
  isAboveOutputLimit,
  isHighResolution,
  isUpscaleFactor,
  type UpscaleFactor,
} from '@shared/enhancement.js';
import { scaledSize } from '@shared/credit-cost.js';

// seed 001 §9: upscale factors and the 64 MP enhancement ceiling, defined with the rest of the domain in src/shared
export type Scale = UpscaleFactor;
export const SCALES: readonly Scale[] = UPSCALE_FACTORS;
export { MAX_OUTPUT_MEGAPIXELS, isHighResolution };

export function outputSize(w: number, h: number, scale: Scale): { width: number; height: number } {
  return scaledSize(w, h, scale);
}

export const tooLargeMessage = aboveOutputLimitMessage;

export function assertWithinLimit(width: number, height: number): void {
  if (isAboveOutputLimit(width, height)) throw new EngineError('TOO_LARGE', tooLargeMessage(width, height));
}

export const isScale = isUpscaleFactor;
