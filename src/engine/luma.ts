/**
 * Luma of 8-bit interleaved RGB (Rec. 601 weights), the one brightness every measure and every removal step reads.
 */

/** Luma of pixel `i` of interleaved RGB. */
export const lumaAt = (rgb: Uint8Array | Uint8ClampedArray, i: number): number => 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];

/** Luma of every pixel of interleaved RGB. */
export function luma(rgb: Uint8Array | Uint8ClampedArray): Float32Array {
  const out = new Float32Array(rgb.length / 3);
  for (let i = 0; i < out.length; i++) out[i] = lumaAt(rgb, i);
  return out;
}
