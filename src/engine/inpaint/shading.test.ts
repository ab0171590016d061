import { describe, expect, it } from 'vitest';
import { exemplarInpaint } from './exemplar.js';
import { gaussian } from './fill-measures.js';

/** Deterministic value noise in ±amp. */
const noise = (x: number, y: number, amp: number) => (((((x * 73856093) ^ (y * 19349663)) >>> 0) % 1000) / 1000) * 2 * amp - amp;

/** A textured surface (grout every `period` px, noisy tiles) under a strong shading ramp: dark left, bright right. */
function rampedTiles(w: number, h: number, period: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const light = 0.35 + (1.0 * x) / w + (0.25 * y) / h;
      const grout = x % period < 2 || y % period < 2;
      const base = grout ? 70 : 150 + noise(x, y, 25);
      const v = Math.max(0, Math.min(255, Math.round(base * light)));
      rgb.set([v, Math.round(v * 0.95), Math.round(v * 0.9)], (y * w + x) * 3);
    }
  return rgb;
}

function rectHole(w: number, h: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hole[y * w + x] = 1;
  return hole;
}

function lumaOf(rgb: Uint8Array): Float32Array {
  const l = new Float32Array(rgb.length / 3);
  for (let i = 0; i < l.length; i++) l[i] = 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
  return l;
}

/** Mean absolute difference inside the hole of the heavily low-passed luma (σ = 8 px) of fill and truth. */
function lowBandError(fill: Uint8Array, truth: Uint8Array, hole: Uint8Array, w: number, h: number): number {
  const a = gaussian(lumaOf(fill), w, h, 8),
    b = gaussian(lumaOf(truth), w, h, 8);
  let s = 0,
    n = 0;
  for (let i = 0; i < hole.length; i++)
    if (hole[i]) {
      s += Math.abs(a[i] - b[i]);
      n++;
    }
  return s / n;
}

describe('shading of the fill', () => {
  const w = 160,
    h = 120;
  const truth = rampedTiles(w, h, 12);
  const hole = rectHole(w, h, 56, 38, 104, 82);
  const input = Uint8Array.from(truth);
  for (let i = 0; i < hole.length; i++) if (hole[i]) input.set([20, 140, 230], i * 3);

  it('follows the shading ramp across the hole, where copied texture alone brings the light of its sources', async () => {
    const copied = (await exemplarInpaint(input, hole, w, h, { shading: false }))!;
    const matched = (await exemplarInpaint(input, hole, w, h, { shading: true }))!;
    const before = lowBandError(copied, truth, hole, w, h),
      after = lowBandError(matched, truth, hole, w, h);
    console.log(`low-band error against the ramp: ${before.toFixed(2)} levels copied, ${after.toFixed(2)} with the shading match`);
    expect(after).toBeLessThan(1.5);
    expect(after).toBeLessThan(0.5 * before);
  });

  it('keeps the texture, leaves every pixel outside the hole as it was and gives the same bytes every run', async () => {
    const [a, b] = [(await exemplarInpaint(input, hole, w, h, { shading: true }))!, (await exemplarInpaint(input, hole, w, h, { shading: true }))!];
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    let outside = 0;
    for (let i = 0; i < w * h; i++)
      if (!hole[i] && (a[i * 3] !== input[i * 3] || a[i * 3 + 1] !== input[i * 3 + 1] || a[i * 3 + 2] !== input[i * 3 + 2])) outside++;
    expect(outside).toBe(0);
    // grout lines survive: the high band inside the hole keeps most of the original's energy
    const hp = (rgb: Uint8Array) => {
      const l = lumaOf(rgb),
        s = gaussian(l, w, h, 1.5);
      let e = 0;
      for (let i = 0; i < hole.length; i++) if (hole[i]) e += (l[i] - s[i]) ** 2;
      return e;
    };
    expect(hp(a) / hp(truth)).toBeGreaterThan(0.6);
  });

  it('keeps the step where a hole spans the meeting of a bright wall and a dark floor', async () => {
    const W = 140,
      H = 120,
      meet = 60;
    const scene = new Uint8Array(W * H * 3);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const v = y < meet ? 190 + noise(x, y, 12) : x % 10 < 2 ? 40 : 80 + noise(x, y, 12);
        scene.set([v, v, v], (y * W + x) * 3);
      }
    const gap = rectHole(W, H, 50, 36, 90, 84);
    const withObject = Uint8Array.from(scene);
    for (let i = 0; i < gap.length; i++) if (gap[i]) withObject.set([20, 140, 230], i * 3);
    const out = (await exemplarInpaint(withObject, gap, W, H, { shading: true }))!;
    const l = lumaOf(out);
    // mean luma of the hole's rows 6+ px above and below the meeting line: still wall-bright and floor-dark
    let above = 0,
      below = 0,
      na = 0,
      nb = 0;
    for (let y = 36; y < 84; y++)
      for (let x = 50; x < 90; x++) {
        if (y < meet - 6) {
          above += l[y * W + x];
          na++;
        } else if (y >= meet + 6) {
          below += l[y * W + x];
          nb++;
        }
      }
    expect(above / na).toBeGreaterThan(180);
    expect(below / nb).toBeLessThan(85);
  });
});
