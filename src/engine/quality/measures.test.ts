import { describe, expect, it } from 'vitest';
import { haloLevels, textureKept, visibleDifference } from './measures.js';
import { mulberry32 } from '@shared/seeded-random.js';

const W = 192;
const H = 160;

/** A grey image from a luma function. */
function grey(w: number, h: number, f: (x: number, y: number) => number): Uint8Array {
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = Math.max(0, Math.min(255, Math.round(f(x, y))));
      out.set([v, v, v], (y * w + x) * 3);
    }
  return out;
}

/** Stucco-like texture: smoothed noise at two grain sizes around mid-grey, on a surface larger than the image. */
function stucco(seed: number, w = W + 64, h = H + 64): Float32Array {
  const random = mulberry32(seed);
  const noise = Float32Array.from({ length: w * h }, () => random() - 0.5);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) s += noise[Math.min(h - 1, Math.max(0, y + dy)) * w + Math.min(w - 1, Math.max(0, x + dx))];
      out[y * w + x] = 128 + 60 * noise[y * w + x] + 25 * s;
    }
  return out;
}

/** Box blur of the luma by ±r px: a smoothing filter that erases fine texture. */
function smooth(img: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return grey(w, h, (x, y) => {
    let s = 0,
      n = 0;
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const xx = Math.min(w - 1, Math.max(0, x + dx)),
          yy = Math.min(h - 1, Math.max(0, y + dy));
        s += img[(yy * w + xx) * 3];
        n++;
      }
    return s / n;
  });
}

/** Unsharp mask of the luma: amount · (image − blur), the filter that leaves light and dark rims along edges. */
function unsharp(img: Uint8Array, w: number, h: number, amount: number): Uint8Array {
  const blurred = smooth(img, w, h, 2);
  return grey(w, h, (x, y) => {
    const i = (y * w + x) * 3;
    return img[i] + amount * (img[i] - blurred[i]);
  });
}

describe('texture kept', () => {
  const surface = stucco(1);
  const original = grey(W, H, (x, y) => surface[y * (W + 64) + x]);

  it('scores a copy 1, the same surface shifted by 24–48 px well, a smoothed one lower and a smooth fill low', () => {
    const same = textureKept(original, original, W, H);
    expect(same.windows).toBeGreaterThan(50);
    expect(same.score).toBeCloseTo(1, 6);
    // pure noise is the hardest case for a shifted copy: its spectra are as noisy as the noise; real surfaces score higher
    const shifted = textureKept(
      grey(W, H, (x, y) => surface[(y + 24) * (W + 64) + x + 40]),
      original,
      W,
      H,
    );
    expect(shifted.score).toBeGreaterThan(0.6);
    // a smoothing filter fails the "no more than 0.01 below" rule by far, more so the more it smooths
    const light = textureKept(smooth(original, W, H, 1), original, W, H).score;
    const heavy = textureKept(smooth(original, W, H, 2), original, W, H).score;
    expect(light).toBeLessThan(same.score - 0.2);
    expect(heavy).toBeLessThan(light);
    // a smooth fill, as a membrane fill of a hole would be, scores low
    expect(textureKept(smooth(original, W, H, 8), original, W, H).score).toBeLessThan(0.45);
  });

  it('is not fooled by energy moved to edges: sharpening edges elsewhere does not give back erased texture', () => {
    // left half textured, right half flat with one strong edge; the output smooths the texture and sharpens the edge
    const left = grey(W, H, (x, y) => (x < W / 2 ? surface[y * (W + 64) + x] : y < H / 2 ? 60 : 200));
    const output = unsharp(smooth(left, W, H, 2), W, H, 2);
    const erased = textureKept(output, left, W, H);
    expect(erased.score).toBeLessThan(textureKept(left, left, W, H).score - 0.2);
  });

  it('counts only textured windows, inside the region when given', () => {
    const flat = grey(W, H, () => 128);
    expect(textureKept(flat, flat, W, H)).toEqual({ score: NaN, windows: 0 });
    const region = new Uint8Array(W * H);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) region[y * W + x] = 1;
    expect(textureKept(original, original, W, H, region).windows).toBeLessThan(textureKept(original, original, W, H).windows);
  });
});

describe('halo', () => {
  // a soft step edge and a line, as an enhanced render would have them
  const original = grey(W, H, (x, y) => {
    const t = Math.max(0, Math.min(1, (x - W / 2 + 1.5) / 3));
    return 50 + 150 * t + (Math.abs(y - 40) < 2 ? 40 : 0);
  });

  it('finds the rims of an unsharp mask and none in the original or a blur of it', () => {
    expect(haloLevels(original, original, W, H).pixels).toBeGreaterThan(100);
    expect(haloLevels(original, original, W, H).levels).toBe(0);
    expect(haloLevels(smooth(original, W, H, 1), original, W, H).levels).toBe(0);
    const sharpened = haloLevels(unsharp(original, W, H, 1), original, W, H);
    expect(sharpened.levels).toBeGreaterThan(5);
    // stronger sharpening, stronger halo
    expect(haloLevels(unsharp(original, W, H, 2), original, W, H).levels).toBeGreaterThan(1.5 * sharpened.levels);
  });

  it('measures nothing where the original has no strong edge', () => {
    const flat = grey(W, H, () => 100);
    expect(
      haloLevels(
        grey(W, H, () => 140),
        flat,
        W,
        H,
      ),
    ).toEqual({ levels: 0, pixels: 0 });
  });
});

describe('difference you can see at 100 %', () => {
  const surface = stucco(2);
  const original = grey(W, H, (x, y) => surface[y * (W + 64) + x]);

  it('sees none between identical outputs or under a one-level dither', () => {
    expect(visibleDifference(original, original, W, H).share).toBe(0);
    const random = mulberry32(3);
    const dithered = grey(W, H, (x, y) => original[(y * W + x) * 3] + (random() < 0.5 ? -1 : 1));
    expect(visibleDifference(original, dithered, W, H).share).toBe(0);
  });

  it('sees a smoothed output and a brighter one in every textured window', () => {
    const seen = visibleDifference(original, smooth(original, W, H, 2), W, H);
    expect(seen.windows).toBe(Math.floor(W / 64) * Math.floor(H / 64));
    expect(seen.share).toBe(1);
    expect(
      visibleDifference(
        original,
        grey(W, H, (x, y) => original[(y * W + x) * 3] + 5),
        W,
        H,
      ).share,
    ).toBe(1);
  });

  it('counts only the windows the reference shows texture in', () => {
    const half = grey(W, H, (x, y) => (x < 128 ? surface[y * (W + 64) + x] : 128));
    const changed = grey(W, H, (x, y) => half[(y * W + x) * 3] + (x >= 128 ? 10 : 0));
    // the only changed windows are flat in the reference: nothing counted there
    expect(visibleDifference(half, changed, W, H, half)).toEqual({ share: 0, windows: 4 });
  });
});
