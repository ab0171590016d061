import { describe, expect, it } from 'vitest';
import { clampPan, clampZoom, fitView, fitZoom, imagePointAt, MAX_ZOOM, panBy, stepZoom, wheelFactor, zoomAbout, zoomOf, drawnHeight } from './view-transform';

const image = { width: 4000, height: 3000 };
const viewport = { width: 1000, height: 800 };

describe('fitView', () => {
  it('shows the whole image, centred, as large as the viewport allows', () => {
    const v = fitView(image, viewport);
    expect(v.width).toBe(1000);
    expect(drawnHeight(v, image)).toBe(750);
    expect(v).toEqual({ x: 0, y: 25, width: 1000 });
  });

  it('fits by the height when the image is taller than the viewport allows', () => {
    const v = fitView({ width: 1000, height: 2000 }, viewport);
    expect(v.width).toBe(400);
    expect(v.x).toBe(300);
    expect(v.y).toBe(0);
  });

  it('never enlarges a small image past 100 %', () => {
    const v = fitView({ width: 400, height: 300 }, viewport);
    expect(zoomOf(v, { width: 400, height: 300 })).toBe(1);
    expect(v).toEqual({ x: 300, y: 250, width: 400 });
  });

  it('has a defined answer for an unmeasured viewport', () => {
    expect(fitView(image, { width: 0, height: 0 }).width).toBe(4000);
  });
});

describe('100 %', () => {
  it('draws one image pixel per CSS pixel: the drawn width is the image width, whatever devicePixelRatio', () => {
    const v = zoomAbout(fitView(image, viewport), 1, { x: 500, y: 400 }, image, viewport);
    expect(v.width).toBe(image.width);
    expect(zoomOf(v, image)).toBe(1);
    expect(drawnHeight(v, image)).toBe(image.height);
  });
});

describe('zoomAbout', () => {
  it('keeps the image point under the cursor where it was', () => {
    const start = fitView(image, viewport);
    const cursor = { x: 730, y: 310 };
    const before = imagePointAt(start, cursor, image);
    for (const zoom of [0.5, 1, 2, 3.7]) {
      const after = imagePointAt(zoomAbout(start, zoom, cursor, image, viewport), cursor, image);
      expect(after.x).toBeCloseTo(before.x, 6);
      expect(after.y).toBeCloseTo(before.y, 6);
    }
  });

  it('keeps the point under the cursor through a chain of wheel steps in and out', () => {
    let v = fitView(image, viewport);
    const cursor = { x: 200, y: 600 };
    const before = imagePointAt(v, cursor, image);
    for (const d of [-100, -100, -100, 50, -300]) v = zoomAbout(v, zoomOf(v, image) * wheelFactor(d), cursor, image, viewport);
    const after = imagePointAt(v, cursor, image);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
  });

  it('limits zoom to [Fit, 1200 %]', () => {
    const start = fitView(image, viewport);
    expect(zoomOf(zoomAbout(start, 100, { x: 0, y: 0 }, image, viewport), image)).toBe(MAX_ZOOM);
    expect(zoomAbout(start, 0.01, { x: 0, y: 0 }, image, viewport)).toEqual(start);
    expect(clampZoom(Number.NaN, image, viewport)).toBe(fitZoom(image, viewport));
  });
});

describe('clampPan', () => {
  it('keeps every edge of a zoomed image outside the viewport', () => {
    const big = { x: 0, y: 0, width: 4000 };
    expect(clampPan({ ...big, x: 200, y: 300 }, image, viewport)).toEqual({ x: 0, y: 0, width: 4000 });
    expect(clampPan({ ...big, x: -9000, y: -9000 }, image, viewport)).toEqual({ x: 1000 - 4000, y: 800 - 3000, width: 4000 });
  });

  it('centres an axis where the image is smaller than the viewport', () => {
    // 1000 × 750 drawn in 1000 × 800: x pinned at 0, y centred
    expect(clampPan({ x: 50, y: -100, width: 1000 }, image, viewport)).toEqual({ x: 0, y: 25, width: 1000 });
  });

  it('pans by a delta within the limits', () => {
    const v = { x: -1000, y: -1000, width: 4000 };
    expect(panBy(v, 100, -50, image, viewport)).toEqual({ x: -900, y: -1050, width: 4000 });
    expect(panBy(v, 5000, 5000, image, viewport)).toEqual({ x: 0, y: 0, width: 4000 });
  });
});

describe('steps and wheel', () => {
  it('steps up and down between fixed zooms', () => {
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(0.3, 1)).toBe(0.5);
    expect(stepZoom(12, 1)).toBe(MAX_ZOOM);
  });

  it('zooms in for a wheel turned away from the user and out towards', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1.15);
    expect(wheelFactor(100)).toBeLessThan(1 / 1.15);
    expect(wheelFactor(-100) * wheelFactor(100)).toBeCloseTo(1, 9);
  });
});
