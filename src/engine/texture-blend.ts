/**
 * Creativity's mix that adds and never erases. A generative network sharpens edges and invents plausible detail in
 * soft areas, but treats a render's fine, low-contrast texture (stucco, fabric, concrete pores) as noise and paints
 * it flat. Mixed by a plain weight, that erasing comes through. Here the mix is split into a low band (tone and
 * shapes: the weighted mix of both) and a high band (texture), and the high band is taken, pixel by pixel, from the
 * side whose local texture energy is larger: where the generative output has less texture than the faithful one,
 * the faithful texture is put back in proportion to what was lost; where it has more, its own is kept.
 *
 * At ×4 and above the generative network works from an input with a sixteenth of the output's pixels or fewer and
 * drops structure the input shows plainly (a subway-tile wall's head joints become long horizontal stripes at ×4).
 * There the band the input itself resolves, below a Gaussian of half an input pixel, is taken from the faithful side:
 * the mix adds only what lies above it (docs/engine.md, bench (m)). At ×2 and ×3 that band is where Creativity
 * visibly differs from Precision, and the network keeps the input's structure there.
 */

import { gaussianBlurPlanar } from './detail-filter.js';

/** The low band: a Gaussian of this σ in output pixels. Tone, shading and the position of edges live below it. */
export const TEXTURE_BAND_SIGMA = 1.5;
/** The neighbourhood over which texture energy is compared: a Gaussian of this σ in output pixels. */
export const TEXTURE_ENERGY_SIGMA = 3;
/** At ×4 and above: the band the input resolves, a Gaussian of this σ in input pixels, is the faithful side's. */
export const INPUT_BAND_SIGMA = 0.5;
/** The smallest model scale at which the input's band is kept from the faithful side. */
export const INPUT_BAND_MIN_SCALE = 4;

/**
 * Mixes `generative` into `faithful` (planar RGB, w×h per plane, same size) with `weight` 0..1 and writes the result
 * into `faithful`. Weight 0 leaves `faithful` as it is; at any weight the texture energy of the result, per pixel, is
 * at least about the smaller of the two inputs' and never below the faithful side's where the generative side lost
 * texture. The energy is measured on luma so the three planes take the same decision. At `scale` (the output's
 * pixels per input pixel) of `INPUT_BAND_MIN_SCALE` and above, the result's band below `INPUT_BAND_SIGMA` input
 * pixels is the faithful side's.
 */
export function textureKeepingMix(faithful: Float32Array, generative: Float32Array, w: number, h: number, weight: number, scale = 2): void {
  if (weight <= 0) return;
  const n = w * h;
  const before = scale >= INPUT_BAND_MIN_SCALE ? Float32Array.from(faithful) : undefined;
  const mixed = new Float32Array(3 * n);
  for (let i = 0; i < 3 * n; i++) mixed[i] = (1 - weight) * faithful[i] + weight * generative[i];
  const lowF = gaussianBlurPlanar(faithful, w, h, TEXTURE_BAND_SIGMA);
  const lowM = gaussianBlurPlanar(mixed, w, h, TEXTURE_BAND_SIGMA);
  // local texture energy of each side's high band, on luma
  const energy = new Float32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const hf = 0.299 * (faithful[i] - lowF[i]) + 0.587 * (faithful[n + i] - lowF[n + i]) + 0.114 * (faithful[2 * n + i] - lowF[2 * n + i]);
    const hm = 0.299 * (mixed[i] - lowM[i]) + 0.587 * (mixed[n + i] - lowM[n + i]) + 0.114 * (mixed[2 * n + i] - lowM[2 * n + i]);
    energy[i] = hf * hf;
    energy[n + i] = hm * hm;
  }
  const smoothed = gaussianBlurPlanar(energy, w, h, TEXTURE_ENERGY_SIGMA);
  const eF = smoothed.subarray(0, n),
    eM = smoothed.subarray(n);
  for (let i = 0; i < n; i++) {
    // how much of the faithful texture the mix lost here, 0..1
    const lost = eF[i] > 0 && eM[i] < eF[i] ? 1 - Math.sqrt(eM[i] / eF[i]) : 0;
    for (let c = 0; c < 3; c++) {
      const j = c * n + i;
      faithful[j] = mixed[j] + lost * (faithful[j] - lowF[j]);
    }
  }
  if (!before) return;
  // the faithful band minus the result's, in one blur of their difference
  for (let i = 0; i < 3 * n; i++) before[i] -= faithful[i];
  const missing = gaussianBlurPlanar(before, w, h, INPUT_BAND_SIGMA * scale);
  for (let i = 0; i < 3 * n; i++) faithful[i] += missing[i];
}
