import { describe, expect, it } from 'vitest';
import { removalBasis, removalTarget, strokesForTarget } from './removal-target';

const upload = { imageId: 'up', width: 800, height: 600 };
const enhanced = { jobId: 'j1', imageId: 'res', url: '/r.png', width: 1600, height: 1200, scale: 2, mode: 'precision' };

describe('what a removal works on', () => {
  it('takes the version the card shows, at its size, or the upload when there is none', () => {
    expect(removalTarget({ ...upload, enhanced })).toEqual({ imageId: 'res', width: 1600, height: 1200, scale: 2 });
    expect(removalTarget({ ...upload, enhanced: null })).toEqual({ imageId: 'up', width: 800, height: 600, scale: 1 });
    // a result known only by its address cannot be targeted: the upload is
    expect(removalTarget({ ...upload, enhanced: { ...enhanced, imageId: undefined } })).toEqual({ imageId: 'up', width: 800, height: 600, scale: 1 });
    expect(removalTarget({ imageId: null, width: 0, height: 0, enhanced: null })).toBeNull();
  });

  it('scales strokes painted on the upload to the target', () => {
    const strokes = [
      {
        size: 10,
        points: [
          { x: 100, y: 50 },
          { x: 400, y: 300 },
        ],
      },
    ];
    expect(strokesForTarget(strokes, upload, { width: 1600, height: 1200 })).toEqual([
      {
        size: 20,
        points: [
          { x: 200, y: 100 },
          { x: 800, y: 600 },
        ],
      },
    ]);
    expect(strokesForTarget(strokes, upload, upload)).toBe(strokes);
  });

  it('finds the version a finished removal started from', () => {
    const card = { enhanced, versions: [enhanced] };
    expect(removalBasis(card, 'res')).toBe(enhanced);
    expect(removalBasis(card, 'up')).toBeNull();
    expect(removalBasis(card, null)).toBeNull();
  });
});
