import { describe, expect, it } from 'vitest';
import {
  beginStroke,
  brushInImagePixels,
  clampBrush,
  commitStroke,
  emptyMask,
  extendStroke,
  hasMask,
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
