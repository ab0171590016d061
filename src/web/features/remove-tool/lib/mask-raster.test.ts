import { describe, expect, it } from 'vitest';
import { coveredShare, drawStrokes, estimateMaskShare, rasteriseStrokes, type StrokeContext } from './mask-raster';

function recorder() {
  const calls: string[] = [];
  const ctx: StrokeContext = {
    beginPath: () => calls.push('begin'),
    moveTo: (x, y) => calls.push(`move ${x},${y}`),
    lineTo: (x, y) => calls.push(`line ${x},${y}`),
    arc: (x, y, r) => calls.push(`arc ${x},${y},${r}`),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
    lineWidth: 0,
    lineCap: 'butt',
    lineJoin: 'miter',
    strokeStyle: '',
    fillStyle: '',
  };
  return { ctx, calls };
}

describe('drawing strokes', () => {
  it('draws paths with round ends, scaled, and dots for single points', () => {
    const { ctx, calls } = recorder();
    drawStrokes(
      ctx,
      [
        {
          size: 10,
          points: [
            { x: 10, y: 10 },
            { x: 20, y: 10 },
          ],
        },
        { size: 8, points: [{ x: 4, y: 4 }] },
      ],
      '#fff',
      0.5,
    );
    expect(ctx.lineCap).toBe('round');
    expect(ctx.lineJoin).toBe('round');
    expect(calls).toEqual(['begin', 'move 5,5', 'line 10,5', 'stroke', 'begin', 'arc 2,2,2', 'fill']);
  });
});

describe('rasterising strokes', () => {
  it('paints a disc for a single point', () => {
    const cov = rasteriseStrokes([{ size: 10, points: [{ x: 50, y: 50 }] }], 100, 100);
    expect(cov[50 * 100 + 50]).toBe(1);
    expect(cov[50 * 100 + 56]).toBe(0);
    // area close to pi r^2
    const n = cov.reduce((a, b) => a + b, 0);
    expect(n).toBeGreaterThan(70);
    expect(n).toBeLessThan(88);
  });

  it('paints a capsule along a segment and nothing outside the image', () => {
    const cov = rasteriseStrokes(
      [
        {
          size: 4,
          points: [
            { x: -10, y: 5 },
            { x: 30, y: 5 },
          ],
        },
      ],
      20,
      10,
    );
    for (let x = 0; x < 20; x++) expect(cov[5 * 20 + x]).toBe(1);
    expect(cov[0]).toBe(0);
    expect(cov.length).toBe(200);
  });

  it('measures the share of the image covered', () => {
    const full = rasteriseStrokes([{ size: 400, points: [{ x: 50, y: 50 }] }], 100, 100);
    expect(coveredShare(full)).toBe(1);
    expect(coveredShare(new Uint8Array())).toBe(0);
    const share = estimateMaskShare(
      [
        {
          size: 100,
          points: [
            { x: 0, y: 500 },
            { x: 4000, y: 500 },
          ],
        },
      ],
      4000,
      1000,
    );
    expect(share).toBeGreaterThan(0.09);
    expect(share).toBeLessThan(0.11);
  });
});
