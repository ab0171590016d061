import { describe, expect, it } from 'vitest';
import { textureKeepingMix } from './texture-blend.js';
import { mulberry32 } from '@shared/seeded-random.js';

const W = 96;
const H = 64;
const N = W * H;

/** Planar RGB, the same luma function in each plane, values 0..1. */
function planar(f: (x: number, y: number) => number): Float32Array {
  const out = new Float32Array(3 * N);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) out[c * N + y * W + x] = f(x, y);
  return out;
}

const random = mulberry32(11);
const grain = Float32Array.from({ length: N }, () => (random() - 0.5) * 0.12);
/** A stucco-like surface: mid-grey with fine grain on the left half, flat on the right half. */
const faithful = () => planar((x, y) => 0.5 + (x < W / 2 ? grain[y * W + x] : 0));

/** Standard deviation of the first plane over the columns [x0, x1) away from the top and bottom edges. */
function texture(img: Float32Array, x0: number, x1: number): number {
  let s = 0,
    q = 0,
    n = 0;
  for (let y = 8; y < H - 8; y++)
    for (let x = x0; x < x1; x++) {
      const v = img[y * W + x];
      s += v;
      q += v * v;
      n++;
    }
  return Math.sqrt(q / n - (s / n) ** 2);
}

describe('the texture-keeping mix of Creativity', () => {
  it('leaves the faithful output as it is at weight 0', () => {
    const f = faithful();
    textureKeepingMix(
      f,
      planar(() => 0.7),
      W,
      H,
      0,
    );
    expect(f).toEqual(faithful());
  });

  it('puts back texture the generative output erased, where a plain mix loses it', () => {
    // the generative output paints the stucco flat, a little brighter
    const flat = planar(() => 0.52);
    const kept = faithful();
    textureKeepingMix(kept, flat, W, H, 1);
    const plain = faithful().map((v, i) => flat[i]);
    const before = texture(faithful(), 8, W / 2 - 8);
    expect(texture(plain, 8, W / 2 - 8)).toBeLessThan(0.01 * before);
    expect(texture(kept, 8, W / 2 - 8)).toBeGreaterThan(0.9 * before);
    // the tone follows the generative side (weight 1), the texture the faithful one
    let mean = 0;
    for (let y = 8; y < H - 8; y++) for (let x = 8; x < W / 2 - 8; x++) mean += kept[y * W + x];
    expect(mean / ((H - 16) * (W / 2 - 16))).toBeCloseTo(0.52, 2);
  });

  it('keeps detail the generative output adds to a soft area', () => {
    const added = mulberry32(5);
    const detail = Float32Array.from({ length: N }, () => (added() - 0.5) * 0.1);
    const generative = planar((x, y) => 0.5 + (x < W / 2 ? grain[y * W + x] : detail[y * W + x]));
    const kept = faithful();
    textureKeepingMix(kept, generative, W, H, 1);
    // on the flat right half the added detail stays whole; on the left the two agree and nothing changes
    expect(texture(kept, W / 2 + 8, W - 8)).toBeCloseTo(texture(generative, W / 2 + 8, W - 8), 3);
    for (let y = 8; y < H - 8; y++) for (let x = 8; x < W / 2 - 12; x++) expect(kept[y * W + x]).toBeCloseTo(generative[y * W + x], 5);
  });

  it('at half weight keeps the texture a plain mix would halve', () => {
    const flat = planar(() => 0.5);
    const kept = faithful();
    textureKeepingMix(kept, flat, W, H, 0.5);
    expect(texture(kept, 8, W / 2 - 8)).toBeGreaterThan(0.9 * texture(faithful(), 8, W / 2 - 8));
  });
});

describe('the texture-keeping mix at ×4 and above', () => {
  // the faithful side shows joints 8 output px wide every 32 (2 and 8 input px at ×4: plainly resolved), the
  // generative side has dropped them and added a fine grain of its own
  const joints = () => planar((x) => (x % 32 < 8 ? 0.3 : 0.6));
  const fine = mulberry32(7);
  const added = Float32Array.from({ length: N }, () => (fine() - 0.5) * 0.1);
  const generative = () => planar((x, y) => 0.55 + added[y * W + x]);
  /** The joints' depth: the mean of the columns on the joints against the mean of those between them. */
  function depth(img: Float32Array): number {
    let on = 0,
      off = 0,
      nOn = 0,
      nOff = 0;
    for (let y = 8; y < H - 8; y++)
      for (let x = 8; x < W - 8; x++) {
        const v = img[y * W + x];
        if (x % 32 >= 2 && x % 32 < 6) {
          on += v;
          nOn++;
        } else if (x % 32 >= 18 && x % 32 < 26) {
          off += v;
          nOff++;
        }
      }
    return off / nOff - on / nOn;
  }
  /** The grain the generative side added: what is left after a 3×3 box, as a standard deviation between the joints. */
  function grain(img: Float32Array): number {
    let q = 0,
      n = 0;
    for (let y = 8; y < H - 8; y++)
      for (let x = 8; x < W - 8; x++) {
        if (x % 32 < 12 || x % 32 > 28) continue;
        let box = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) box += img[(y + dy) * W + x + dx];
        const d = img[y * W + x] - box / 9;
        q += d * d;
        n++;
      }
    return Math.sqrt(q / n);
  }

  it('keeps the structure the input resolves from the faithful side and adds only the finer detail at ×4', () => {
    const kept = joints();
    textureKeepingMix(kept, generative(), W, H, 1, 4);
    expect(depth(joints())).toBeCloseTo(0.3, 5);
    expect(depth(kept)).toBeGreaterThan(0.8 * depth(joints()));
    expect(grain(kept)).toBeGreaterThan(0.5 * grain(generative()));
  });

  it('lets the generative side move that band at ×2 and ×3', () => {
    for (const scale of [2, 3]) {
      const mixed = joints();
      textureKeepingMix(mixed, generative(), W, H, 1, scale);
      expect(depth(mixed)).toBeLessThan(0.5 * depth(joints()));
    }
  });
});
