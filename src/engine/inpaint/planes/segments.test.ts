import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random.js';
import { detectSegments, type Segment } from './segments.js';

/**
 * A kerb's edge: light paving above a slanted line (30° down to the right), dark asphalt below it, whose grain has
 * gradients in every direction; luma, 200 × 120.
 */
function kerb(): { luma: Float32Array; w: number; h: number; onEdge: (s: Segment) => boolean } {
  const w = 200,
    h = 120;
  const slope = Math.tan(Math.PI / 6);
  const edgeY = (x: number) => 20 + x * slope;
  const rand = mulberry32(7);
  const luma = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // 4×4 samples across the edge, as a render anti-aliases it
      let paving = 0;
      for (let s = 0; s < 16; s++) paving += y + ((s >> 2) + 0.5) / 4 < edgeY(x + ((s & 3) + 0.5) / 4) ? 1 / 16 : 0;
      luma[y * w + x] = paving * 150 + (1 - paving) * (60 + (rand() - 0.5) * 24);
    }
  const onEdge = (s: Segment) => [0, 0.5, 1].every((t) => Math.abs(s.y1 + (s.y2 - s.y1) * t - edgeY(s.x1 + (s.x2 - s.x1) * t)) < 1.5);
  return { luma, w, h, onEdge };
}

describe('line segments', () => {
  it('finds a kerb’s edge beside asphalt’s grain when refining, along most of its length', () => {
    const { luma, w, h, onEdge } = kerb();
    const length = (segs: Segment[]) => segs.filter(onEdge).reduce((sum, s) => sum + s.length, 0);
    // the edge runs about 173 px across and 100 px down to the picture's bottom: about 200 px long
    expect(length(detectSegments(luma, w, h, { refine: true }))).toBeGreaterThan(150);
    // the plain detector grows the edge's region into the grain and drops it as too sparse for a line
    expect(length(detectSegments(luma, w, h))).toBeLessThan(60);
  });
});
