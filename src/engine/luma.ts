/**
 * Luma of 8-bit interleaved RGB (Rec. 601 weights), the one brightness every measure and every removal step reads.
 */

/** Luma of pixel `i` of interleaved RGB. */
export const lumaAt = (rgb: Uint8Array | Uint8ClampedArray, i: number): number => 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];

/** Luma of a colour given by its three channels (a mean colour, say). */
export const lumaOf = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

/** Luma of pixel `i` in thousandths of a level, a whole number: sums of it are exact in any order. */
export const lumaThousandthsAt = (rgb: Uint8Array | Uint8ClampedArray, i: number): number => 299 * rgb[i * 3] + 587 * rgb[i * 3 + 1] + 114 * rgb[i * 3 + 2];

/** Luma of every pixel of interleaved RGB. */
export function luma(rgb: Uint8Array | Uint8ClampedArray): Float32Array {
  const out = new Float32Array(rgb.length / 3);
  for (let i = 0; i < out.length; i++) out[i] = lumaAt(rgb, i);
  return out;
}
