import { describe, expect, it } from 'vitest';
import { computeReadout, formatMegapixels, formatSize } from './readout';

describe('control panel readout', () => {
  it('shows current → target size, megapixels and the credit cost before enhancing', () => {
    const r = computeReadout({ width: 1920, height: 1080 }, 2, 100)!;
    expect(formatSize(r.current)).toBe('1920 × 1080');
    expect(formatSize(r.target)).toBe('3840 × 2160');
    expect(formatMegapixels(r.target.megapixels)).toBe('8.3 MP');
    // ceil(3840 / 500) = 8 credits (seed 001 §9)
    expect(r.cost).toBe(8);
    expect(r.affordable).toBe(true);
    expect(r.error).toBeNull();
    expect(r.highResolution).toBe(false);
  });

  it('follows the scale and flags unaffordable and high-resolution targets', () => {
    const r = computeReadout({ width: 1920, height: 1080 }, 3, 5)!;
    expect(r.target).toMatchObject({ width: 5760, height: 3240 });
    expect(r.cost).toBe(12);
    expect(r.affordable).toBe(false);
    expect(r.highResolution).toBe(true);
  });

  it('carries the seed message when the target exceeds 64 megapixels', () => {
    const r = computeReadout({ width: 4000, height: 3000 }, 6, null)!;
    expect(r.error).toBe('Enhanced resolution (24000x18000) exceeds 64 megapixel limit. Please reduce scale.');
    expect(r.affordable).toBeNull();
  });

  it('shows small images with two decimals and costs at least one credit', () => {
    const r = computeReadout({ width: 200, height: 100 }, 2, 1)!;
    expect(formatMegapixels(r.current.megapixels)).toBe('0.02 MP');
    expect(r.cost).toBe(1);
  });

  it('has nothing to show without an image', () => {
    expect(computeReadout(null, 2, 10)).toBeNull();
  });
});
