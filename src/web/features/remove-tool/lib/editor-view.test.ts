import { describe, expect, it } from 'vitest';
import { fitView, panBy, picturePointAt, stagePointOf, stepZoom, zoomAbout, zoomAtCentre, zoomOf, zoomRange } from './editor-view';

const picture = { width: 800, height: 600 };
const stage = { width: 400, height: 400 };

describe('the masking window’s view', () => {
  it('fits the whole picture, centred, enlarging a small one', () => {
    expect(fitView(picture, stage)).toEqual({ x: 0, y: 50, width: 400 });
    expect(zoomOf(fitView(picture, stage), picture)).toBe(0.5);
    const small = { width: 100, height: 50 };
    expect(zoomOf(fitView(small, stage), small)).toBe(4);
  });

  it('zooms from Fit up to 400 %, never beyond either end', () => {
    expect(zoomRange(picture, stage)).toEqual({ min: 0.5, max: 4 });
    const fit = fitView(picture, stage);
    expect(zoomOf(zoomAtCentre(fit, 3, picture, stage), picture)).toBe(3);
    expect(zoomOf(zoomAtCentre(fit, 9, picture, stage), picture)).toBe(4);
    expect(zoomOf(zoomAtCentre(fit, 0.1, picture, stage), picture)).toBe(0.5);
    // a tiny picture that fills the stage beyond 400 % stays at Fit
    const tiny = { width: 40, height: 40 };
    expect(zoomRange(tiny, stage)).toEqual({ min: 10, max: 10 });
  });

  it('keeps the picture point under the cursor while zooming about it', () => {
    const fit = fitView(picture, stage);
    const at = { x: 300, y: 120 };
    const before = picturePointAt(fit, at, picture);
    const zoomed = zoomAbout(fit, 3, at, picture, stage);
    const after = picturePointAt(zoomed, at, picture);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
    const back = stagePointOf(zoomed, after, picture);
    expect(back.x).toBeCloseTo(at.x, 6);
    expect(back.y).toBeCloseTo(at.y, 6);
  });

  it('pans only as far as the picture’s edges', () => {
    const zoomed = zoomAtCentre(fitView(picture, stage), 2, picture, stage); // 1600 × 1200 drawn
    expect(panBy(zoomed, 10_000, 10_000, picture, stage)).toMatchObject({ x: 0, y: 0 });
    expect(panBy(zoomed, -10_000, -10_000, picture, stage)).toMatchObject({ x: 400 - 1600, y: 400 - 1200 });
    // at Fit the picture stays centred
    expect(panBy(fitView(picture, stage), 50, 50, picture, stage)).toEqual({ x: 0, y: 50, width: 400 });
  });

  it('steps through the zoom levels between Fit and 400 %', () => {
    const range = { min: 0.5, max: 4 };
    expect(stepZoom(0.5, 1, range)).toBe(0.75);
    expect(stepZoom(2, 1, range)).toBe(3);
    expect(stepZoom(3, 1, range)).toBe(4);
    expect(stepZoom(4, 1, range)).toBe(4);
    expect(stepZoom(0.75, -1, range)).toBe(0.5);
    expect(stepZoom(0.5, -1, range)).toBe(0.5);
    expect(stepZoom(2.2, -1, range)).toBe(2);
  });
});
