import { describe, expect, it } from 'vitest';
import { planAxis } from './tiling.js';

describe('planAxis', () => {
  it('covers the axis exactly once with equal windows and at least the margin of context', () => {
    for (const [length, tile, margin] of [
      [1000, 256, 16],
      [257, 256, 16],
      [64, 48, 16],
      [5000, 128, 32],
      [100, 256, 16],
    ]) {
      const tiles = planAxis(length, tile, margin);
      expect(tiles[0].from).toBe(0);
      expect(tiles[tiles.length - 1].to).toBe(length);
      for (let i = 0; i < tiles.length; i++) {
        const t = tiles[i];
        expect(t.size).toBe(Math.min(tile, length));
        expect(t.start).toBeGreaterThanOrEqual(0);
        expect(t.start + t.size).toBeLessThanOrEqual(length);
        if (i > 0) {
          expect(t.from).toBe(tiles[i - 1].to);
          expect(t.from - t.start).toBeGreaterThanOrEqual(margin);
        }
        if (i < tiles.length - 1) expect(t.start + t.size - t.to).toBeGreaterThanOrEqual(margin);
      }
    }
  });
});
