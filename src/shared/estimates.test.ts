import { describe, expect, it } from 'vitest';
import { formatEstimate, formatSeconds, formatSecondsRange, phaseLabel, sameAsBeforeWarning } from './estimates';

describe('estimate wording', () => {
  it('says a measured time as one rounded figure', () => {
    expect(formatEstimate({ low: 34, high: 46, basis: 'measured' })).toBe('about 40 s');
    expect(formatEstimate({ low: 150, high: 210, basis: 'measured' })).toBe('about 3 min');
    expect(formatSeconds(2)).toBe('5 s');
  });
  it('says an unmeasured time as the wide range it is', () => {
    expect(formatSecondsRange(4.2, 30.4)).toBe('4–35 s');
    expect(formatSecondsRange(31, 303)).toBe('1–6 min');
    expect(formatEstimate({ low: 45, high: 200, basis: 'unmeasured' })).toBe('about 1–4 min, not measured here yet');
  });
  it('words the phases and the same-settings warning', () => {
    expect(phaseLabel({ kind: 'tiles', done: 3, total: 12 })).toBe('Tile 3 of 12');
    expect(phaseLabel({ kind: 'loading' })).toBe('Loading model');
    expect(phaseLabel({ kind: 'saving' })).toBe('Saving');
    expect(sameAsBeforeWarning(2, 'precision')).toBe('Already enhanced at ×2 Precision — running again charges again');
    expect(sameAsBeforeWarning(4, 'creativity', 3)).toBe('3 of these were already enhanced at ×4 Creativity — running again charges again');
  });
});
