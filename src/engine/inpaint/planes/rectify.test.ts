import { describe, expect, it } from 'vitest';
import { sampleRgb, sampleRgbSharp, warpBack } from './rectify.js';
import type { Mat3 } from './geometry.js';

/** Grooves every 3 px across a w × h image, as a plank's fine ridges at the render's resolution. */
function grooves(w: number, h: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rgb.fill(Math.round(128 + 60 * Math.cos((2 * Math.PI * x) / 3)), (y * w + x) * 3, (y * w + x) * 3 + 3);
  return rgb;
}

describe('sampling a copy between pixels', () => {
  const w = 24,
    h = 8;
  const rgb = grooves(w, h);
  const contrast = (sample: (x: number, out: Uint8Array) => void) => {
    const values: number[] = [];
    const out = new Uint8Array(3);
    for (let x = 4; x < 16; x++) {
      sample(x + 0.5, out);
      values.push(out[0]);
    }
    return Math.max(...values) - Math.min(...values);
  };

  it('keeps fine grooves at half a pixel that a bilinear sample averages away', () => {
    const hole = new Uint8Array(w * h);
    const bilinear = contrast((x, out) => sampleRgb(rgb, w, h, x, 3.5, out, 0));
    const sharp = contrast((x, out) => sampleRgbSharp(rgb, hole, w, h, x, 3.5, out, 0));
    expect(bilinear).toBeLessThan(70);
    expect(sharp).toBeGreaterThan(bilinear * 1.3);
  });

  it('keeps more of them with its 6 × 6 footprint clear of the hole than with only the 4 × 4 one clear', () => {
    const clear = new Uint8Array(w * h);
    // a hole row inside every 6 × 6 footprint at y = 3.5 (rows 1–6) and outside every 4 × 4 one (rows 2–5)
    const nearHole = new Uint8Array(w * h).fill(1, w, 2 * w);
    const bilinear = contrast((x, out) => sampleRgb(rgb, w, h, x, 3.5, out, 0));
    const wide = contrast((x, out) => sampleRgbSharp(rgb, clear, w, h, x, 3.5, out, 0));
    const narrow = contrast((x, out) => sampleRgbSharp(rgb, nearHole, w, h, x, 3.5, out, 0));
    expect(narrow).toBeGreaterThan(bilinear * 1.3);
    expect(wide).toBeGreaterThan(narrow * 1.1);
    // and no more than the grooves' own range half a pixel off (158 − 68 levels): nothing rings past them
    expect(wide).toBeLessThanOrEqual(90);
  });

  it('falls back to the bilinear sample where its wider footprint touches the hole', () => {
    const hole = new Uint8Array(w * h);
    hole[2 * w + 9] = 1; // one row above the bilinear footprint of (8.5, 3.5), inside the 4×4 one
    const a = new Uint8Array(3),
      b = new Uint8Array(3);
    sampleRgbSharp(rgb, hole, w, h, 8.5, 3.5, a, 0);
    sampleRgb(rgb, w, h, 8.5, 3.5, b, 0);
    expect([...a]).toEqual([...b]);
    sampleRgbSharp(rgb, new Uint8Array(w * h), w, h, 8.5, 3.5, a, 0);
    expect([...a]).not.toEqual([...b]);
  });
});

describe('writing a rectified fill back', () => {
  it('keeps the fill’s fine grooves half a pixel off, where a bilinear write-back averaged them away', () => {
    // the rectified fill: grooves every 3 px; the picture's hole row 3 maps half a pixel into it
    const rw = 24,
      rh = 8;
    const filled = grooves(rw, rh);
    const w = 24,
      h = 8;
    const take = new Uint8Array(w * h).fill(1, 3 * w + 4, 3 * w + 16);
    const H: Mat3 = [1, 0, 0.5, 0, 1, 0.5, 0, 0, 1];
    const out = new Uint8Array(w * h * 3);
    warpBack(out, take, w, filled, H, { u0: 0, v0: 0, w: rw, h: rh });
    const row = (img: Uint8Array) => Array.from({ length: 12 }, (_, i) => img[(3 * w + 4 + i) * 3]);
    const bilinear = new Uint8Array(w * h * 3);
    for (let x = 4; x < 16; x++) sampleRgb(filled, rw, rh, x + 0.5, 3.5, bilinear, (3 * w + x) * 3);
    const range = (v: number[]) => Math.max(...v) - Math.min(...v);
    expect(range(row(out))).toBeGreaterThan(range(row(bilinear)) * 1.3);
    expect(range(row(out))).toBeLessThanOrEqual(90);
    // only the pixels to fill are written
    expect(out.filter((_, i) => !take[Math.floor(i / 3)] && out[i] !== 0).length).toBe(0);
  });
});
