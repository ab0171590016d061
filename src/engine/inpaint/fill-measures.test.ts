import { describe, expect, it } from 'vitest';
import { edgeF1, shadingError, textureAgreement } from './fill-measures.js';

/** Deterministic value noise in ±amp. */
const noise = (x: number, y: number, amp: number) => (((((x * 73856093) ^ (y * 19349663)) >>> 0) % 1000) / 1000) * 2 * amp - amp;

const w = 160,
  h = 128;

/** Grey image from a luma function. */
function image(f: (x: number, y: number) => number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = Math.max(0, Math.min(255, Math.round(f(x, y))));
      rgb.set([v, v, v], (y * w + x) * 3);
    }
  return rgb;
}

/** Tiles with grout every 16 px and grain on the tiles. */
const texture = (dx = 0, dy = 0) => image((x, y) => ((x + dx) % 16 < 2 || (y + dy) % 16 < 2 ? 60 : 150 + noise(x + dx, y + dy, 30)));

const mask = new Uint8Array(w * h);
for (let y = 32; y < 96; y++) for (let x = 40; x < 120; x++) mask[y * w + x] = 1;

/** The original outside the mask, `fill` inside it. */
function composite(original: Uint8Array, fill: Uint8Array): Uint8Array {
  const out = Uint8Array.from(original);
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.set(fill.subarray(i * 3, i * 3 + 3), i * 3);
  return out;
}

describe('fill measures against the ground truth', () => {
  const original = texture();
  const smooth = composite(
    original,
    image(() => 140),
  );

  it('texture agreement: 1 for the original itself, high for the texture shifted, low for a smooth fill', () => {
    const same = textureAgreement(original, original, mask, w, h);
    const shifted = textureAgreement(composite(original, texture(7, 5)), original, mask, w, h);
    const flat = textureAgreement(smooth, original, mask, w, h);
    expect(same).toBeCloseTo(1, 6);
    expect(shifted).toBeGreaterThan(0.7);
    expect(flat).toBeLessThan(0.3);
  });

  it('edge F1: 1 for the original, 1 for the grout shifted by 1 px, low for a smooth fill and for grout out of place', () => {
    expect(edgeF1(original, original, mask, w, h)).toBe(1);
    expect(edgeF1(composite(original, texture(1, 0)), original, mask, w, h)).toBeGreaterThan(0.9);
    // only the mask's own border, where the smooth fill meets the grout outside, gives edges
    expect(edgeF1(smooth, original, mask, w, h)).toBeLessThan(0.3);
    // plank joints every 16 px, moved by half a plank
    const planks = (dx: number) => image((x, y) => ((x + dx) % 16 < 2 ? 60 : 150 + noise(x + dx, y, 30)));
    expect(edgeF1(composite(planks(0), planks(8)), planks(0), mask, w, h)).toBeLessThan(0.3);
  });

  it('shading error: 0 for the original, the offset for a brighter copy, and blind to where the texture lies', () => {
    expect(shadingError(original, original, mask, w, h)).toBe(0);
    const brighter = composite(
      original,
      image((x, y) => (x % 16 < 2 || y % 16 < 2 ? 60 : 150 + noise(x, y, 30)) + 20),
    );
    // the low-pass reaches outside the mask, where the original is unchanged: a little under 20 levels
    const e = shadingError(brighter, original, mask, w, h);
    expect(e).toBeGreaterThan(12);
    expect(e).toBeLessThan(20);
    expect(shadingError(composite(original, texture(8, 8)), original, mask, w, h)).toBeLessThan(2);
  });
});
