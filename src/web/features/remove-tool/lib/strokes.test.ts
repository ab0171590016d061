import { describe, expect, it } from 'vitest';
import {
  beginStroke,
  brushInImagePixels,
  clampBrush,
  commitStroke,
  emptyMask,
  extendStroke,
  hasMask,
  beginShape,
  canRedo,
  canUndo,
  polygonArea,
  rectangle,
  redoStroke,
  reshape,
  toImagePoint,
  undoStroke,
  visibleStrokes,
  BRUSH_PANEL_RANGE,
} from './strokes';

describe('stroke model', () => {
  it('commits a stroke only on release', () => {
    let m = beginStroke(emptyMask, { x: 1, y: 1 }, 20);
    m = extendStroke(m, { x: 30, y: 1 });
    expect(hasMask(m)).toBe(false);
    expect(visibleStrokes(m)).toHaveLength(1);
    m = commitStroke(m);
    expect(hasMask(m)).toBe(true);
    expect(m.strokes[0].points).toEqual([
      { x: 1, y: 1 },
      { x: 30, y: 1 },
    ]);
  });

  it('skips points closer than a tenth of the brush', () => {
    let m = beginStroke(emptyMask, { x: 0, y: 0 }, 50);
    m = extendStroke(m, { x: 3, y: 0 });
    expect(m.current!.points).toHaveLength(1);
    m = extendStroke(m, { x: 6, y: 0 });
    expect(m.current!.points).toHaveLength(2);
  });

  it('undo drops the last committed stroke, or the one being painted', () => {
    let m = commitStroke(beginStroke(emptyMask, { x: 0, y: 0 }, 10));
    m = commitStroke(beginStroke(m, { x: 5, y: 5 }, 10));
    m = beginStroke(m, { x: 9, y: 9 }, 10);
    m = undoStroke(m);
    expect(m.current).toBeNull();
    expect(m.strokes).toHaveLength(2);
    m = undoStroke(undoStroke(m));
    expect(m.strokes).toHaveLength(0);
    expect(undoStroke(m)).toBe(m);
  });

  it('redo brings back what undo took, until a new step is painted', () => {
    let m = commitStroke(beginStroke(emptyMask, { x: 0, y: 0 }, 10));
    m = commitStroke(beginStroke(m, { x: 5, y: 5 }, 10, true));
    expect(canRedo(m)).toBe(false);
    m = undoStroke(undoStroke(m));
    expect([m.strokes.length, m.redo.length]).toEqual([0, 2]);
    m = redoStroke(m);
    expect(m.strokes).toEqual([{ size: 10, points: [{ x: 0, y: 0 }] }]);
    m = redoStroke(m);
    expect(m.strokes[1]).toEqual({ size: 10, points: [{ x: 5, y: 5 }], erase: true });
    expect(redoStroke(m)).toBe(m);
    m = undoStroke(m);
    expect(canRedo(m)).toBe(true);
    m = commitStroke(beginStroke(m, { x: 9, y: 9 }, 10));
    expect(canRedo(m)).toBe(false);
    expect(canUndo(m)).toBe(true);
  });

  it('draws a rectangle from two corners and a lasso point by point; a shape with no area is dropped', () => {
    let m = beginShape(emptyMask, rectangle({ x: 1, y: 1 }, { x: 1, y: 1 }));
    m = reshape(m, rectangle({ x: 1, y: 1 }, { x: 11, y: 6 }));
    m = commitStroke(m);
    expect(m.strokes[0]).toEqual({
      size: 0,
      shape: 'polygon',
      points: [
        { x: 1, y: 1 },
        { x: 11, y: 1 },
        { x: 11, y: 6 },
        { x: 1, y: 6 },
      ],
    });
    expect(polygonArea(m.strokes[0].points)).toBe(50);
    let lasso = beginShape(m, [{ x: 0, y: 0 }], true);
    for (const p of [
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ])
      lasso = extendStroke(lasso, p);
    lasso = commitStroke(lasso);
    expect(lasso.strokes[1]).toMatchObject({ shape: 'polygon', erase: true });
    expect(lasso.strokes[1].points).toHaveLength(4);
    // a click with the rectangle tool encloses nothing
    expect(commitStroke(beginShape(m, rectangle({ x: 3, y: 3 }, { x: 3, y: 3 }))).strokes).toHaveLength(1);
    // erasing alone paints nothing
    expect(hasMask(commitStroke(beginStroke(emptyMask, { x: 0, y: 0 }, 5, true)))).toBe(false);
  });

  it('clamps brush sizes to the slider ranges', () => {
    expect(clampBrush(0)).toBe(1);
    expect(clampBrush(3, BRUSH_PANEL_RANGE)).toBe(5);
    expect(clampBrush(140)).toBe(100);
    expect(clampBrush(Number.NaN)).toBe(20);
  });
});

describe('screen to image coordinates', () => {
  const box = { left: 100, top: 50, width: 400, height: 300 };
  const natural = { width: 2000, height: 1500 };
  it('maps a pointer on the displayed image to the natural pixel', () => {
    expect(toImagePoint(300, 200, box, natural)).toEqual({ x: 1000, y: 750 });
    expect(toImagePoint(0, 0, box, natural)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint(900, 900, box, natural)).toEqual({ x: 2000, y: 1500 });
  });
  it('keeps the brush its on-screen size', () => {
    expect(brushInImagePixels(20, box, natural)).toBe(100);
  });
});
