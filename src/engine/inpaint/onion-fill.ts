import { randomValid, type PatchField } from './patch-field.js';
import { CHANNELS, GUIDE_CHANNEL, VOTED_CHANNELS } from './pyramid.js';

/** Random sources tried per pixel, besides those its filled neighbours suggest. */
const RANDOM_CANDIDATES = 96;

/**
 * First guess for the coarsest level: the hole is filled layer by layer from its border inwards (onion
 * peel), each pixel taking the centre of the source patch that best matches what is already known or
 * filled around it (distance over those pixels only). Candidates are random sources plus the sources of
 * filled neighbours shifted by their offset, so structures reaching the border are carried inwards. A
 * diffused first guess would pull flat patches into the hole; this one starts from copied content.
 */
export function onionPatchFill(field: PatchField, rand: () => number): void {
  const { img, hole, w, h } = field.level;
  const { r, valid } = field;
  const known = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) known[i] = hole[i] ? 0 : 1;
  // source chosen for each filled pixel, for propagation
  const chosen = new Int32Array(w * h).fill(-1);
  let front: number[] = [];
  for (let i = 0; i < w * h; i++) if (hole[i]) front.push(i);
  const candidates: number[] = [];
  // the field's proximity cost, per pixel of the patch (the masked distance is a mean per pixel)
  const perPixelProximity = field.proximity / ((2 * r + 1) * (2 * r + 1));
  while (front.length) {
    const ready: number[] = [];
    const rest: number[] = [];
    for (const p of front) {
      const x = p % w,
        y = (p / w) | 0;
      let touches = false;
      for (let dy = -1; dy <= 1 && !touches; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx,
            yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h && known[yy * w + xx]) {
            touches = true;
            break;
          }
        }
      (touches ? ready : rest).push(p);
    }
    if (ready.length === 0) break;
    const picks = new Int32Array(ready.length);
    for (let k = 0; k < ready.length; k++) {
      const p = ready[k];
      const x = p % w,
        y = (p / w) | 0;
      candidates.length = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx,
            yy = y + dy;
          if ((!dx && !dy) || xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          // a filled neighbour suggests its own source, shifted back by its offset
          const s = chosen[q] >= 0 ? chosen[q] - dy * w - dx : -1;
          if (s >= 0 && s < w * h && valid[s] && Math.abs((s % w) - ((chosen[q] % w) - dx)) === 0) candidates.push(s);
        }
      for (let c = 0; c < RANDOM_CANDIDATES; c++) candidates.push(randomValid(field, rand));
      let best = candidates[0],
        bestD = Infinity;
      // as in the search: no proximity cost on a structure guide
      const onGuide = img[p * CHANNELS + GUIDE_CHANNEL] !== 0 || img[p * CHANNELS + GUIDE_CHANNEL + 1] !== 0;
      for (const s of candidates) {
        const d = maskedDistance(img, known, w, h, r, p, s, onGuide ? 0 : perPixelProximity);
        if (d < bestD) {
          bestD = d;
          best = s;
        }
      }
      picks[k] = best;
    }
    for (let k = 0; k < ready.length; k++) {
      const p = ready[k],
        s = picks[k];
      for (let c = 0; c < VOTED_CHANNELS; c++) img[p * CHANNELS + c] = img[s * CHANNELS + c];
      known[p] = 1;
      chosen[p] = s;
    }
    front = rest;
  }
}

/**
 * Mean squared difference over the pixels of the target patch that are known; Infinity when none is.
 * The structure guides are known everywhere, so they count at every pixel of the patch.
 */
function maskedDistance(img: Float32Array, known: Uint8Array, w: number, h: number, r: number, t: number, s: number, proximity: number): number {
  const tx = t % w,
    ty = (t / w) | 0,
    sx = s % w,
    sy = (s / w) | 0;
  let d = 0,
    n = 0;
  for (let dy = -r; dy <= r; dy++) {
    const y = ty + dy;
    if (y < 0 || y >= h) continue;
    for (let dx = -r; dx <= r; dx++) {
      const x = tx + dx;
      if (x < 0 || x >= w) continue;
      const a = (y * w + x) * CHANNELS,
        b = ((sy + dy) * w + sx + dx) * CHANNELS;
      for (let c = known[y * w + x] ? 0 : VOTED_CHANNELS; c < CHANNELS; c++) {
        const e = img[a + c] - img[b + c];
        d += e * e;
      }
      if (known[y * w + x]) n++;
    }
  }
  return n ? d / n + proximity * ((tx - sx) * (tx - sx) + (ty - sy) * (ty - sy)) : Infinity;
}
