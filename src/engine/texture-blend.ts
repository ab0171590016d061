/**
 * Creativity's mix that adds and never erases. A generative network sharpens edges and invents plausible detail in
 * soft areas, but treats a render's fine, low-contrast texture (stucco, fabric, concrete pores) as noise and paints
 * it flat. Mixed by a plain weight, that erasing comes through. Here the mix is split into a low band (tone and
 * shapes: the weighted mix of both) and a high band (texture), and the high band is taken, pixel by pixel, from the
 * side whose local texture energy is larger: where the generative output has less texture than the faithful one,
 * the faithful texture is put back in proportion to what was lost; where it has more, its own is kept.
 */

/** The low band: a Gaussian of this σ in output pixels. Tone, shading and the position of edges live below it. */
export const TEXTURE_BAND_SIGMA = 1.5;
/** The neighbourhood over which texture energy is compared: a Gaussian of this σ in output pixels. */
export const TEXTURE_ENERGY_SIGMA = 3;

function gaussianKernel(sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
}

/** Separable Gaussian blur of one w×h plane (edges clamped) into `out`. */
function blurPlane(src: Float32Array, w: number, h: number, k: Float32Array, out: Float32Array, tmp: Float32Array): void {
  const r = (k.length - 1) / 2;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = -r; i <= r; i++) {
        const xx = x + i < 0 ? 0 : x + i >= w ? w - 1 : x + i;
        acc += k[i + r] * src[row + xx];
      }
      tmp[row + x] = acc;
    }
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = -r; i <= r; i++) {
        const yy = y + i < 0 ? 0 : y + i >= h ? h - 1 : y + i;
        acc += k[i + r] * tmp[yy * w + x];
      }
      out[y * w + x] = acc;
    }
}

/**
 * Mixes `generative` into `faithful` (planar RGB, w×h per plane, same size) with `weight` 0..1 and writes the result
 * into `faithful`. Weight 0 leaves `faithful` as it is; at any weight the texture energy of the result, per pixel, is
 * at least about the smaller of the two inputs' and never below the faithful side's where the generative side lost
 * texture. The energy is measured on luma so the three planes take the same decision.
 */
export function textureKeepingMix(faithful: Float32Array, generative: Float32Array, w: number, h: number, weight: number): void {
  if (weight <= 0) return;
  const n = w * h;
  const band = gaussianKernel(TEXTURE_BAND_SIGMA);
  const energyK = gaussianKernel(TEXTURE_ENERGY_SIGMA);
  const tmp = new Float32Array(n);
  const lowF = new Float32Array(3 * n),
    lowM = new Float32Array(3 * n),
    mixed = new Float32Array(3 * n);
  for (let i = 0; i < 3 * n; i++) mixed[i] = (1 - weight) * faithful[i] + weight * generative[i];
  for (let c = 0; c < 3; c++) {
    blurPlane(faithful.subarray(c * n, (c + 1) * n), w, h, band, lowF.subarray(c * n, (c + 1) * n), tmp);
    blurPlane(mixed.subarray(c * n, (c + 1) * n), w, h, band, lowM.subarray(c * n, (c + 1) * n), tmp);
  }
  // local texture energy of each side's high band, on luma
  const eF = new Float32Array(n),
    eM = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const hf = 0.299 * (faithful[i] - lowF[i]) + 0.587 * (faithful[n + i] - lowF[n + i]) + 0.114 * (faithful[2 * n + i] - lowF[2 * n + i]);
    const hm = 0.299 * (mixed[i] - lowM[i]) + 0.587 * (mixed[n + i] - lowM[n + i]) + 0.114 * (mixed[2 * n + i] - lowM[2 * n + i]);
    eF[i] = hf * hf;
    eM[i] = hm * hm;
  }
  blurPlane(eF, w, h, energyK, eF, tmp);
  blurPlane(eM, w, h, energyK, eM, tmp);
  for (let i = 0; i < n; i++) {
    // how much of the faithful texture the mix lost here, 0..1
    const lost = eF[i] > 0 && eM[i] < eF[i] ? 1 - Math.sqrt(eM[i] / eF[i]) : 0;
    for (let c = 0; c < 3; c++) {
      const j = c * n + i;
      faithful[j] = lowM[j] + (mixed[j] - lowM[j]) + lost * (faithful[j] - lowF[j]);
    }
  }
}
