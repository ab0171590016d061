import { describe, expect, it } from 'vitest';
import { createProgressTracker, estimateSeconds, type Progress } from './progress.js';

describe('progress', () => {
  it('reports tiles with an ETA from the mean tile time', () => {
    let t = 1000;
    const seen: Progress[] = [];
    const tracker = createProgressTracker(
      4,
      (p) => seen.push(p),
      () => t,
    );
    t += 300;
    tracker.tile(1);
    t += 300;
    tracker.tile(2);
    expect(seen).toEqual([
      { tilesDone: 0, tilesTotal: 4, fraction: 0, etaMs: null },
      { tilesDone: 1, tilesTotal: 4, fraction: 0.25, etaMs: 900 },
      { tilesDone: 2, tilesTotal: 4, fraction: 0.5, etaMs: 600 },
    ]);
  });

  it('follows the seed estimate formula', () => {
    expect(estimateSeconds(1000, 500, 2)).toBe(180);
    expect(estimateSeconds(2500, 1000, 2)).toBe(60 + 60 + 150 + 60);
    expect(estimateSeconds(8000, 8000, 6)).toBe(600);
  });
});
