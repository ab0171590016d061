import { describe, expect, it } from 'vitest';
import { detailBoostInPlace, localMax } from './detail-boost.js';
import { gaussianBlurPlanar, unsharpInPlace } from './detail-filter.js';
import { planMode } from './modes.js';
import { mulberry32 } from '@shared/seeded-random.js';

const W = 96;
const H = 64;
const N = W * H;
const LEVEL = 1 / 255;

/** Planar RGB, the same luma function in each plane, values 0..1. */
function planar(f: (x: number, y: number) => number): Float32Array {
  const out = new Float32Array(3 * N);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) out[c * N + y * W + x] = f(x, y);
  return out;
}

/** Detail's boost as the mode runs it after Precision's plan (at ×2 Precision's sharpening comes first), 2× tiles. */
const detailAt = (detail: number, m = 2) => planMode('detail', { detail }, { scale: 3 }).finish!(m);
const boost = (img: Float32Array, detail = 80) => {
  const out = img.slice();
  detailAt(detail)(out, W, H);
  return out;
};

/** A network's soft step: dark left, light right, blurred as an upscaler leaves it. */
const softStep = (low: number, high: number) =>
  gaussianBlurPlanar(
    planar((x) => (x < W / 2 ? low : high)),
    W,
    H,
    1,
  );

/** The largest excursion, in levels, beyond the input's own range over the pixel's 7×7 neighbourhood (the halo). */
function overshoot(input: Float32Array, output: Float32Array): number {
  let worst = 0;
  for (let y = 3; y < H - 3; y++)
    for (let x = 3; x < W - 3; x++) {
      let lo = Infinity,
        hi = -Infinity;
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          const v = input[(y + dy) * W + x + dx];
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      const v = output[y * W + x];
      worst = Math.max(worst, v - hi, lo - v);
    }
  return worst / LEVEL;
}

const random = mulberry32(7);
const noise = Float32Array.from({ length: N }, () => random() - 0.5);
/** Standard deviation of the first plane's change or values over the middle of the tile. */
function std(img: Float32Array): number {
  let s = 0,
    q = 0,
    n = 0;
  for (let y = 8; y < H - 8; y++)
    for (let x = 8; x < W - 8; x++) {
      const v = img[y * W + x];
      s += v;
      q += v * v;
      n++;
    }
  return Math.sqrt(Math.max(0, q / n - (s / n) ** 2));
}
/** A texture with a standard deviation of this many levels: fine grain plus blotches a few pixels across. */
const texture = (levels: number) => {
  const blotches = gaussianBlurPlanar(
    planar((x, y) => noise[y * W + x]),
    W,
    H,
    1.2,
  );
  const raw = planar((x, y) => 0.5 * noise[y * W + x] + 2.5 * blotches[y * W + x]);
  const k = (levels * LEVEL) / std(raw);
  return raw.map((v) => 0.5 + k * v);
};

describe("Detail's texture boost", () => {
  it('leaves no halo on a strong step edge (150 and 50 levels), where an unsharp mask of the same gain rings', () => {
    for (const [low, high] of [
      [0.2, 0.8],
      [0.4, 0.6],
    ]) {
      const step = softStep(low, high);
      expect(overshoot(step, boost(step, 100))).toBeLessThanOrEqual(0.5);
      const sharpened = step.slice();
      unsharpInPlace(sharpened, W, H, 1, 3, 0.08);
      expect(overshoot(step, sharpened)).toBeGreaterThan(2);
    }
  });

  it('leaves a flat area exactly as it is and adds no grain to a nearly flat one', () => {
    const flat = planar(() => 0.42);
    expect(boost(flat, 100)).toEqual(flat);
    // a faint render noise of about half a level: the coring keeps it from growing into grain
    const faint = planar((x, y) => 0.42 + 1.5 * LEVEL * noise[y * W + x]);
    const out = boost(faint, 100);
    expect(std(out) / std(faint)).toBeLessThan(1.15);
  });

  it('boosts texture visibly', () => {
    const tex = texture(8);
    expect(std(boost(tex)) / std(tex)).toBeGreaterThan(1.5);
  });

  it('scales with the strength: 0 is the identity, then the change grows', () => {
    const tex = texture(8);
    expect(boost(tex, 0)).toEqual(tex);
    const change = [20, 50, 80, 100].map((d) => {
      const out = boost(tex, d);
      return std(out.map((v, i) => v - tex[i]));
    });
    for (let i = 1; i < change.length; i++) expect(change[i]).toBeGreaterThan(change[i - 1]);
    expect(change[0]).toBeGreaterThan(0);
  });

  it('at ×2 is Precision at detail 0 (its sharpening and its share of the boost), and a stronger boost in its place above', () => {
    const tex = texture(8);
    const precision = tex.slice();
    planMode('precision', {}, { scale: 2 }).filter!(2)(precision, W, H);
    const detail0 = tex.slice();
    const zero = planMode('detail', { detail: 0 }, { scale: 2 });
    zero.filter!(2)(detail0, W, H);
    zero.finish!(2)(detail0, W, H);
    expect(detail0).toEqual(precision);
    // the preset: the same sharpening, then the boost at a gain well above Precision's share
    const sharpened = tex.slice();
    zero.filter!(2)(sharpened, W, H);
    const detail = tex.slice();
    const preset = planMode('detail', {}, { scale: 2 });
    preset.filter!(2)(detail, W, H);
    preset.finish!(2)(detail, W, H);
    const added = (img: Float32Array) => std(img.map((v, i) => v - sharpened[i]));
    expect(added(precision)).toBeGreaterThan(0);
    expect(added(detail)).toBeGreaterThan(2.5 * added(precision));
  });

  it('at ×2 Precision adds a little texture after its sharpening, and next to nothing at edges', () => {
    const sharpenOnly = planMode('detail', { detail: 0 }, { scale: 2 }).filter!(2);
    const precision = planMode('precision', {}, { scale: 2 }).filter!(2);
    const tex = texture(8);
    const [a, b] = [tex.slice(), tex.slice()];
    sharpenOnly(a, W, H);
    precision(b, W, H);
    expect(std(b) / std(a)).toBeGreaterThan(1.05);
    for (const [low, high] of [
      [0.2, 0.8],
      [0.4, 0.6],
    ]) {
      const step = softStep(low, high);
      const [rimmed, held] = [step.slice(), step.slice()];
      sharpenOnly(rimmed, W, H);
      precision(held, W, H);
      // the sharpening's own rim, and at most a level and a half more
      expect(overshoot(step, held)).toBeLessThan(overshoot(step, rimmed) + 1.5);
    }
    // at ×3 and above Precision has no share: its filter is the network's alone
    expect(planMode('precision', {}, { scale: 4 }).filter).toBeUndefined();
  });

  it("caps the boost by the input's own texture: the output's local band RMS stays within the input's", () => {
    // a fine texture at half the resolution (the model's input) and its ×2 upscale as a network leaves it: softened
    const iw = W / 2,
      ih = H / 2;
    const grain = Float32Array.from({ length: iw * ih }, () => random() - 0.5);
    const small = new Float32Array(3 * iw * ih);
    for (let c = 0; c < 3; c++) for (let i = 0; i < iw * ih; i++) small[c * iw * ih + i] = 0.5 + 10 * LEVEL * grain[i];
    const up = gaussianBlurPlanar(
      planar((x, y) => small[(y >> 1) * iw + (x >> 1)]),
      W,
      H,
      0.6,
    );
    // the model's input in its own range (0..255 here), as tiled inference hands it over
    const input = { data: small.map((v) => 255 * v), width: iw, height: ih, range: [0, 255] as [number, number] };
    const capped = up.slice();
    detailAt(80)(capped, W, H, input);
    const uncapped = up.slice();
    detailAt(80)(uncapped, W, H);
    expect(uncapped.some((v, i) => v !== capped[i])).toBe(true);
    // the same measure as the cap's: band above σ 0.7 input px, RMS over the middle (no border effects)
    const bandRms = (img: Float32Array, w: number, h: number, sigma: number, border: number) => {
      const blur = gaussianBlurPlanar(img.subarray(0, w * h), w, h, sigma);
      let q = 0,
        n = 0;
      for (let y = border; y < h - border; y++)
        for (let x = border; x < w - border; x++) {
          q += (img[y * w + x] - blur[y * w + x]) ** 2;
          n++;
        }
      return Math.sqrt(q / n);
    };
    const inRms = bandRms(small, iw, ih, 0.7, 4);
    const upRms = bandRms(up, W, H, 1.4, 8);
    expect(upRms).toBeLessThan(inRms);
    expect(bandRms(uncapped, W, H, 1.4, 8)).toBeGreaterThan(1.2 * inRms);
    expect(bandRms(capped, W, H, 1.4, 8)).toBeLessThanOrEqual(1.05 * inRms);
    // only what the boost adds is limited: the capped output has at least the un-boosted one's texture
    expect(bandRms(capped, W, H, 1.4, 8)).toBeGreaterThan(upRms);
    // and strength 0 stays the identity with the input given
    const zero = up.slice();
    detailAt(0)(zero, W, H, input);
    expect(zero).toEqual(up);
  });

  it('is the identity at amount 0 whatever the other settings', () => {
    const tex = texture(8);
    const out = tex.slice();
    detailBoostInPlace(out, W, H, { amount: 0, fine: 1, coarse: 3, coarseWeight: 1, noise: 0, range: 2, edgeReach: 4, edgeBand: [0, 0.01], edgeGain: 1 });
    expect(out).toEqual(tex);
  });
});

describe('the filters’ building blocks', () => {
  const random = (n: number, seed: number) => {
    const next = mulberry32(seed);
    return Float32Array.from({ length: n }, () => next());
  };

  it('blurs each value to the plain clamped-edge Gaussian sum, bit for bit', () => {
    for (const [w, h, sigma, planes] of [
      [37, 23, 0.5, 3],
      [64, 48, 2.83, 1],
      [5, 9, 2, 2],
      [1, 7, 1, 1],
    ] as const) {
      const src = random(w * h * planes, w * h);
      const radius = Math.max(1, Math.ceil(sigma * 3));
      const k = new Float32Array(2 * radius + 1);
      let sum = 0;
      for (let i = -radius; i <= radius; i++) sum += k[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
      for (let i = 0; i < k.length; i++) k[i] /= sum;
      const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
      const expected = new Float32Array(src.length);
      const rows = new Float32Array(w * h);
      for (let c = 0; c < planes; c++) {
        const p = c * w * h;
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            let acc = 0;
            for (let i = -radius; i <= radius; i++) acc += k[i + radius] * src[p + y * w + clamp(x + i, w)];
            rows[y * w + x] = acc;
          }
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            let acc = 0;
            for (let i = -radius; i <= radius; i++) acc += k[i + radius] * rows[clamp(y + i, h) * w + x];
            expected[p + y * w + x] = acc;
          }
      }
      expect(Array.from(gaussianBlurPlanar(src, w, h, sigma))).toEqual(Array.from(expected));
    }
  });

  it('takes the largest value of each clamped (2r+1)² square, whatever r and the plane’s size', () => {
    for (const [w, h, r] of [
      [40, 30, 1],
      [40, 30, 4],
      [17, 11, 6],
      [3, 25, 2],
      [9, 1, 16],
    ] as const) {
      const src = random(w * h, 7 * w + r);
      const got = localMax(src, w, h, r);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          let m = -Infinity;
          for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
            for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) m = Math.max(m, src[yy * w + xx]);
          expect(got[y * w + x], `${w}×${h} r ${r} at ${x},${y}`).toBe(m);
        }
    }
  });
});
