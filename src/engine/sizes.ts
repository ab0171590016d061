import { EngineError } from './errors.js';

export type Scale = 2 | 3 | 4 | 6;
// seed 001 §9: upscale factors and the 64 MP enhancement ceiling
export const SCALES: readonly Scale[] = [2, 3, 4, 6];
export const MAX_OUTPUT_MEGAPIXELS = 64;

export function outputSize(w: number, h: number, scale: Scale): { width: number; height: number } {
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

// seed 000 §5: high-resolution is a side over 4000 px or over 16 megapixels
export function isHighResolution(w: number, h: number): boolean {
  return w > 4000 || h > 4000 || w * h > 16_000_000;
}

export function tooLargeMessage(width: number, height: number): string {
  return `Enhanced resolution (${width}x${height}) exceeds ${MAX_OUTPUT_MEGAPIXELS} megapixel limit. Please reduce scale.`;
}

export function assertWithinLimit(width: number, height: number): void {
  if (width * height > MAX_OUTPUT_MEGAPIXELS * 1_000_000) throw new EngineError('TOO_LARGE', tooLargeMessage(width, height));
}

export function isScale(v: unknown): v is Scale {
  return SCALES.includes(v as Scale);
}
