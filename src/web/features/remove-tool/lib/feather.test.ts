import { describe, expect, it } from 'vitest';
import { clampFeather, featherMask } from './feather';

/** A 41 × 21 mask with a painted block at x 10..19 (all rows). */
function block() {
  const w = 41,
    h = 21;
  const m = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 10; x < 20; x++) m[y * w + x] = 255;
  return { m, w, h };
}

describe('feather', () => {
  it('leaves a hard mask as it is with no radius', () => {
    const { m, w, h } = block();
    expect(featherMask(m, w, h, 0)).toEqual(m);
  });

  it('keeps the paint whole and fades out over the radius around it', () => {
    const { m, w, h } = block();
    const soft = featherMask(m, w, h, 8);
    const row = Array.from(soft.subarray(10 * w, 11 * w));
    // the paint stays full
    for (let x = 10; x < 20; x++) expect(row[x]).toBe(255);
    // outside, strictly falling with distance, nothing from 8 px on
    expect(row[20]).toBeGreaterThan(row[22]);
    expect(row[22]).toBeGreaterThan(row[25]);
    expect(row[25]).toBeGreaterThan(0);
    expect(row[28]).toBe(0);
    expect(row[40]).toBe(0);
    // 1 px out is 7/8 of full, 4 px out half
    expect(row[20]).toBe(Math.round(255 * (7 / 8)));
    expect(row[23]).toBe(Math.round(255 * (4 / 8)));
    // symmetric on the other side
    expect(row[9]).toBe(row[20]);
    expect(row[6]).toBe(row[23]);
  });

  it('keeps the radius within 0..32 whole pixels', () => {
    expect(clampFeather(-3)).toBe(0);
    expect(clampFeather(7.6)).toBe(8);
    expect(clampFeather(99)).toBe(32);
    expect(clampFeather(Number.NaN)).toBe(0);
  });
});
