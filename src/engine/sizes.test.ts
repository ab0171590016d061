import { describe, expect, it } from 'vitest';
import { assertWithinLimit, isHighResolution, outputSize, SCALES } from './sizes.js';

describe('sizes', () => {
  it('output is exactly round(w·s) × round(h·s)', () => {
    for (const s of SCALES) expect(outputSize(1023, 767, s)).toEqual({ width: Math.round(1023 * s), height: Math.round(767 * s) });
  });

  it('high resolution: a side over 4000 px or over 16 MP', () => {
    expect(isHighResolution(4000, 4000)).toBe(false);
    expect(isHighResolution(4001, 100)).toBe(true);
    expect(isHighResolution(100, 4001)).toBe(true);
    expect(isHighResolution(4000, 4001)).toBe(true);
    expect(isHighResolution(3999, 3999)).toBe(false);
  });

  it('refuses more than 64 MP with the seed message', () => {
    expect(() => assertWithinLimit(8000, 8000)).not.toThrow();
    expect(() => assertWithinLimit(8002, 8000)).toThrow('Enhanced resolution (8002x8000) exceeds 64 megapixel limit. Please reduce scale.');
  });
});
