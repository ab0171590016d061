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

/**
 * A rug's woven lines: dark lines 2 px wide and 40 px apart at 20°, on a weave of one-pixel grain (a chequer of ±8
 * levels plus noise of ±8), as a render resolves it at its own size and a box-downscaled window keeps it; luma,
 * 240 × 160.
 */
function wovenLines(): { luma: Float32Array; w: number; h: number; onLine: (s: Segment) => boolean } {
  const w = 240,
    h = 160;
  const slope = Math.tan((20 * Math.PI) / 180);
  const lineY = (x: number, k: number) => 20 + k * 40 + x * slope;
  const rand = mulberry32(3);
  const luma = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let dark = 0;
      for (let s = 0; s < 16; s++) {
        const yy = y + ((s >> 2) + 0.5) / 4,
          xx = x + ((s & 3) + 0.5) / 4;
        for (let k = -3; k < 4; k++) if (Math.abs(yy - lineY(xx, k)) < 1) dark += 1 / 16;
      }
      luma[y * w + x] = 150 - 70 * dark + (((x + y) & 1 ? 0.5 : -0.5) + rand() - 0.5) * 16;
    }
  const onLine = (s: Segment) =>
    [-3, -2, -1, 0, 1, 2, 3].some((k) => [0, 0.5, 1].every((t) => Math.abs(s.y1 + (s.y2 - s.y1) * t - lineY(s.x1 + (s.x2 - s.x1) * t, k)) < 2));
  return { luma, w, h, onLine };
}

describe('line segments', () => {
  it('finds lines through a one-pixel weave once luma is smoothed, and nothing but the lines', () => {
    const { luma, w, h, onLine } = wovenLines();
    const smoothed = detectSegments(luma, w, h, { minLength: 14, smooth: 0.8 });
    // seven lines cross the picture, each about 150–255 px long with an edge on either side
    expect(smoothed.filter(onLine).reduce((sum, s) => sum + s.length, 0)).toBeGreaterThan(1500);
    expect(smoothed.filter((s) => !onLine(s))).toHaveLength(0);
    // unsmoothed, every line's region grows into the grain and is dropped as too sparse
    expect(detectSegments(luma, w, h, { minLength: 14 }).filter(onLine)).toHaveLength(0);
  });

  it('finds a kerb’s edge beside asphalt’s grain when refining, along most of its length', () => {
    const { luma, w, h, onEdge } = kerb();
    const length = (segs: Segment[]) => segs.filter(onEdge).reduce((sum, s) => sum + s.length, 0);
    // the edge runs about 173 px across and 100 px down to the picture's bottom: about 200 px long
    expect(length(detectSegments(luma, w, h, { refine: true }))).toBeGreaterThan(150);
    // the plain detector grows the edge's region into the grain and drops it as too sparse for a line
    expect(length(detectSegments(luma, w, h))).toBeLessThan(60);
  });
});
