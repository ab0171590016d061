import { describe, expect, it } from 'vitest';
import { coveredShare, drawStrokes, estimateMaskShare, rasteriseStrokes, type StrokeContext } from './mask-raster';
import { rectangle } from './strokes';

function recorder() {
  const calls: string[] = [];
  const ctx: StrokeContext = {
    beginPath: () => calls.push('begin'),
    moveTo: (x, y) => calls.push(`move ${x},${y}`),
    lineTo: (x, y) => calls.push(`line ${x},${y}`),
    arc: (x, y, r) => calls.push(`arc ${x},${y},${r}`),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
    closePath: () => calls.push('close'),
    globalCompositeOperation: 'source-over',
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

describe('drawing shapes and erasing', () => {
  it('fills polygons, cuts erasing steps out of the overlay and paints them black in the mask file', () => {
    const { ctx, calls } = recorder();
    const ops: string[] = [];
    const watched = new Proxy(ctx, {
      set(target, prop, value) {
        if (prop === 'globalCompositeOperation' || prop === 'fillStyle') ops.push(`${String(prop)}=${value}`);
        return Reflect.set(target, prop, value);
      },
    });
    const steps = [
      { size: 0, shape: 'polygon' as const, points: rectangle({ x: 0, y: 0 }, { x: 10, y: 4 }) },
      { size: 0, shape: 'polygon' as const, erase: true, points: rectangle({ x: 2, y: 2 }, { x: 4, y: 4 }) },
    ];
    drawStrokes(watched, steps, '#fff', 2, { offset: { x: 100, y: 0 } });
    expect(calls.slice(0, 7)).toEqual(['begin', 'move 100,0', 'line 120,0', 'line 120,8', 'line 100,8', 'close', 'fill']);
    expect(ops).toEqual([
      'globalCompositeOperation=source-over',
      'fillStyle=#fff',
      'globalCompositeOperation=destination-out',
      'fillStyle=#fff',
      'globalCompositeOperation=source-over',
    ]);
    ops.length = 0;
    drawStrokes(watched, steps, '#fff', 1, { eraseWith: '#000' });
    expect(ops).toEqual([
      'globalCompositeOperation=source-over',
      'fillStyle=#fff',
      'globalCompositeOperation=source-over',
      'fillStyle=#000',
      'globalCompositeOperation=source-over',
    ]);
  });
});

describe('rasterising strokes', () => {
  it('fills a rectangle and a lasso, and erasing steps take paint away in order', () => {
    const rect = { size: 0, shape: 'polygon' as const, points: rectangle({ x: 2, y: 2 }, { x: 12, y: 8 }) };
    let cov = rasteriseStrokes([rect], 20, 10);
    expect(cov.reduce((a, b) => a + b, 0)).toBe(60);
    expect(cov[5 * 20 + 2]).toBe(1);
    expect(cov[5 * 20 + 12]).toBe(0);
    // a lasso triangle: half its bounding box
    const lasso = {
      size: 0,
      shape: 'polygon' as const,
      points: [
        { x: 0, y: 0 },
        { x: 40, y: 0 },
        { x: 0, y: 40 },
      ],
    };
    const tri = rasteriseStrokes([lasso], 40, 40).reduce((a, b) => a + b, 0);
    expect(tri).toBeGreaterThan(760);
    expect(tri).toBeLessThan(840);
    // the eraser after the rectangle cuts a hole; painting after it fills it again
    const cut = { size: 2, erase: true, points: [{ x: 7, y: 5 }] };
    cov = rasteriseStrokes([rect, cut], 20, 10);
    expect(cov[5 * 20 + 7]).toBe(0);
    expect(cov[5 * 20 + 4]).toBe(1);
    cov = rasteriseStrokes([rect, cut, { size: 2, points: [{ x: 7, y: 5 }] }], 20, 10);
    expect(cov[5 * 20 + 7]).toBe(1);
    // an erasing shape takes away a filled region
    cov = rasteriseStrokes([rect, { ...rect, erase: true, points: rectangle({ x: 2, y: 2 }, { x: 7, y: 8 }) }], 20, 10);
    expect(cov.reduce((a, b) => a + b, 0)).toBe(30);
  });

  it('fills a self-crossing lasso by non-zero winding, as the canvas does', () => {
    // a figure eight drawn in one direction: both loops filled
    const eight = {
      size: 0,
      shape: 'polygon' as const,
      points: [
        { x: 0, y: 0 },
        { x: 20, y: 20 },
        { x: 20, y: 0 },
        { x: 0, y: 20 },
      ],
    };
    const cov = rasteriseStrokes([eight], 20, 20);
    expect(cov[10 * 20 + 2]).toBe(1);
    expect(cov[10 * 20 + 17]).toBe(1);
    expect(cov[2 * 20 + 10]).toBe(0);
  });

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
