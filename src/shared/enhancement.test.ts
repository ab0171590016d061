import { describe, expect, it } from 'vitest';
import { estimatedSeconds, isHighResolution, targetResolution, targetResolutionError } from './enhancement.js';

describe('enhancement rules', () => {
  it('rounds each side times the scale', () => {
    expect(targetResolution(333, 251, 3)).toEqual({ width: 999, height: 753, megapixels: (999 * 753) / 1e6 });
  });

  it('refuses targets below 64 px a side and above 64 megapixels with the seed wording', () => {
    expect(targetResolutionError(20, 500, 2)).toBe('Enhanced resolution (40x1000) is below minimum. Each dimension must be at least 64px.');
    expect(targetResolutionError(2000, 1500, 6)).toBe('Enhanced resolution (12000x9000) exceeds 64 megapixel limit. Please reduce scale.');
    expect(targetResolutionError(32, 32, 2)).toBeNull();
    // exactly 64 MP is allowed
    expect(targetResolutionError(4000, 4000, 2)).toBeNull();
    expect(targetResolutionError(4000, 4001, 2)).not.toBeNull();
  });

  it('flags high resolution by side or megapixels', () => {
    expect(isHighResolution(4001, 10)).toBe(true);
    expect(isHighResolution(4000, 4000)).toBe(false);
    expect(isHighResolution(4000, 4001)).toBe(true);
  });

  it('estimates progress time as the seed describes, capped at 600 s', () => {
    expect(estimatedSeconds(1000, 500, 2)).toBe(180);
    expect(estimatedSeconds(2500, 1000, 2)).toBe(60 + 60 + 150 + 60);
    expect(estimatedSeconds(8000, 8000, 6)).toBe(600);
  });
});
