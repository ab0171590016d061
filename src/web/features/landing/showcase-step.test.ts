import { describe, expect, it } from 'vitest';
import { sectionProgress, showcaseStep } from './showcase-step';

describe('showcaseStep', () => {
  it('follows the 25 % and 75 % thresholds', () => {
    expect(showcaseStep(0)).toBe(1);
    expect(showcaseStep(0.2499)).toBe(1);
    expect(showcaseStep(0.25)).toBe(2);
    expect(showcaseStep(0.5)).toBe(2);
    expect(showcaseStep(0.7499)).toBe(2);
    expect(showcaseStep(0.75)).toBe(3);
    expect(showcaseStep(1)).toBe(3);
  });
});

describe('sectionProgress', () => {
  it('is 0 before the section reaches the top and 1 after it has scrolled through', () => {
    expect(sectionProgress(300, 3000, 1000)).toBe(0);
    expect(sectionProgress(0, 3000, 1000)).toBe(0);
    expect(sectionProgress(-1000, 3000, 1000)).toBe(0.5);
    expect(sectionProgress(-2000, 3000, 1000)).toBe(1);
    expect(sectionProgress(-5000, 3000, 1000)).toBe(1);
  });
  it('handles a section no taller than the viewport', () => {
    expect(sectionProgress(10, 800, 1000)).toBe(0);
    expect(sectionProgress(-10, 800, 1000)).toBe(1);
  });
});
