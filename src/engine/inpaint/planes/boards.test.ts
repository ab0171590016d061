import { describe, expect, it } from 'vitest';
import { findBoardFill } from './boards.js';
import { measurePeriod } from './period.js';
import { mulberry32 } from '@shared/seeded-random.js';

const P = 14; // board width: a 2 px dark joint, then 12 px of board
const JOINT = 40;

/**
 * A rectified floor of boards running along y, 14 px apart, each plank its own tone with a grain along it and a fine
 * groove every 3 px, and plank ends (dark rows) at a different place on every board, as on a real floor.
 */
function planks(w: number, h: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  const r = (a: number, b: number) => {
    const v = Math.sin(a * 127.1 + b * 311.7) * 43758.5453;
    return v - Math.floor(v);
  };
  for (let x = 0; x < w; x++) {
    const b = Math.floor(x / P);
    const length = 50 + Math.floor(r(b, 1) * 40),
      start = Math.floor(r(b, 2) * length);
    for (let y = 0; y < h; y++) {
      const plank = Math.floor((y + start) / length);
      // the plank's tone, and its grain: a little lighter or darker row by row along the board
      let v = 120 + Math.round(r(b, plank + 3) * 70) + Math.round((r(b * 977 + y, 5) - 0.5) * 12);
      if ((x % P) % 3 === 0) v -= 18;
      if (x % P < 2 || (y + start) % length < 2) v = JOINT;
      rgb.set([v, Math.round(v * 0.8), Math.round(v * 0.6)], (y * w + x) * 3);
    }
  }
  return rgb;
}

/**
 * A wall of vertical boards of varying widths (5 to 14 px, no period), seen frontally: a dark 1 px joint before each,
 * each board its own tone with a grain along it, and now and then a board end (a dark row). `joint[x]`: x is a joint.
 * With `line`, the boards are 9 to 16 px wide and each has a fainter dark line along it 2 px from one of its
 * joints (a groove of the wood, as the winter render's cladding has at its own size).
 */
function cladding(w: number, h: number, line = false): { rgb: Uint8Array; joint: Uint8Array } {
  const rgb = new Uint8Array(w * h * 3);
  const joint = new Uint8Array(w);
  const next = mulberry32(17);
  for (let x0 = 0; x0 < w;) {
    const width = line ? 9 + Math.floor(next() * 8) : 5 + Math.floor(next() * 10);
    const tone = 70 + Math.floor(next() * 12);
    const end = Math.floor(next() * h * 3);
    const groove = line && next() < 0.5 ? x0 + 2 : x0 + width - 2;
    joint[x0] = 1;
    for (let x = x0; x < Math.min(w, x0 + width); x++)
      for (let y = 0; y < h; y++) {
        let v = x === x0 || y === end ? JOINT - 20 : tone + Math.round(Math.sin(y * 0.2 + x0 + (x - x0) * 0.4) * 3);
        if (line && x === groove && v !== JOINT - 20) v -= 16;
        rgb.set([v, Math.round(v * 0.85), Math.round(v * 0.7)], (y * w + x) * 3);
      }
    x0 += width;
  }
  return { rgb, joint };
}

function ellipse(w: number, h: number, cx: number, cy: number, rx: number, ry: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) hole[y * w + x] = 1;
  return hole;
}

/** Each hole pixel's source pixel under the fill's choice. */
function sources(fill: NonNullable<ReturnType<typeof findBoardFill>>, hole: Uint8Array, w: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const c = fill.copies[fill.choice[p] - 1];
    out.set(p, p + Math.round(c.dy) * w + Math.round(c.dx));
  }
  return out;
}

describe('board-by-board fill', () => {
  const w = 224,
    h = 240;
  const win = { x0: 0, y0: 0, x1: w - 1, y1: h - 1 };
  const hole = ellipse(w, h, 112, 120, 40, 34);

  it('continues every long joint and takes each board’s stretch whole from one board a whole number of periods away', () => {
    const rgb = planks(w, h);
    const fill = findBoardFill(rgb, hole, w, h, win);
    expect(fill).not.toBeNull();
    for (const c of fill!.copies) {
      expect(Math.abs(c.dx / P - Math.round(c.dx / P))).toBeLessThan(0.05);
      expect(c.error).toBeLessThan(12);
    }
    let jointPixels = 0,
      jointDark = 0,
      mixed = 0;
    const src = sources(fill!, hole, w);
    for (const [p, q] of src) {
      const x = p % w;
      if (x % P < 2) {
        jointPixels++;
        if (rgb[q * 3] === JOINT) jointDark++;
      }
      // a row across a board comes from one row of one board: away from the joints, its neighbour takes the same copy
      if (x % P >= 3 && x % P < P - 1 && hole[p + 1] && fill!.choice[p + 1] !== fill!.choice[p]) mixed++;
    }
    expect(jointPixels).toBeGreaterThan(200);
    expect(jointDark / jointPixels).toBeGreaterThan(0.98);
    expect(mixed).toBe(0);
  });

  it('never takes a stretch that runs through a flat object of the boards’ own colour (a window on a brick course)', () => {
    const th = 330;
    const rgb = planks(w, th);
    const tall = ellipse(w, th, 112, 100, 40, 34);
    // below the hole, a copy of the hole's rows whose ends agree exactly with the hole's but whose middle is one
    // flat colour per board, the board's own (grooves and plank ends gone): a window pane between bricks
    const [y0, y1, shift] = [60, 140, 170];
    for (let y = y0; y <= y1; y++) rgb.copyWithin((y + shift) * w * 3, y * w * 3, (y + 1) * w * 3);
    const flat = { y0: y0 + shift + 8, y1: y1 + shift - 8 };
    for (let x = 0; x < w; x++) {
      const v = rgb[((flat.y0 - 1) * w + x) * 3];
      for (let y = flat.y0; y <= flat.y1; y++) rgb.set([v, Math.round(v * 0.8), Math.round(v * 0.6)], (y * w + x) * 3);
    }
    const fill = findBoardFill(rgb, tall, w, th, { x0: 0, y0: 0, x1: w - 1, y1: th - 1 });
    expect(fill).not.toBeNull();
    let fromPane = 0;
    for (const q of sources(fill!, tall, w).values()) {
      const y = Math.floor(q / w);
      if (y >= flat.y0 && y <= flat.y1) fromPane++;
    }
    expect(fromPane).toBe(0);
  });

  it('draws other sources about as good for another seed (Try another fill), the same ones for the same seed', () => {
    const rgb = planks(w, h);
    const first = findBoardFill(rgb, hole, w, h, win)!;
    const other = findBoardFill(rgb, hole, w, h, win, undefined, 2)!;
    const again = findBoardFill(rgb, hole, w, h, win, undefined, 2)!;
    expect(again).toEqual(other);
    const a = sources(first, hole, w),
      b = sources(other, hole, w);
    let moved = 0,
      jointPixels = 0,
      jointDark = 0;
    for (const [p, q] of b) {
      if (a.get(p) !== q) moved++;
      if ((p % w) % P < 2) {
        jointPixels++;
        if (rgb[q * 3] === JOINT) jointDark++;
      }
    }
    // another candidate, not a few pixels changed: most boards take another source, every joint still continues
    expect(moved).toBeGreaterThan(0.5 * b.size);
    expect(jointDark / jointPixels).toBeGreaterThan(0.98);
    for (const c of other.copies) expect(c.error).toBeLessThan(12);
  });

  it('declines a surface without boards', () => {
    const rgb = new Uint8Array(w * h * 3);
    for (let p = 0; p < w * h; p++) {
      const v = Math.sin(p * 12.9898) * 43758.5453;
      rgb.fill(100 + Math.floor((v - Math.floor(v)) * 80), p * 3, p * 3 + 3);
    }
    expect(findBoardFill(rgb, hole, w, h, win)).toBeNull();
  });

  it.each([
    ['', false],
    [' with a groove along each board that is no joint', true],
  ])('fills boards of varying widths seen frontally board by board%s, from boards of their own width: every joint continues', (_, line) => {
    const [cw, ch] = [line ? 400 : 240, 160];
    const { rgb, joint } = cladding(cw, ch, line);
    // the hole covers three quarters of the boards' length: no board has enough of itself left above and below
    const tall = ellipse(cw, ch, 120, 80, 40, 60);
    const all = { x0: 0, y0: 0, x1: cw - 1, y1: ch - 1 };
    // no period across the boards that a board could have (at least 4 px)
    expect(measurePeriod(rgb, tall, cw, ch, 0, all)).toBeLessThan(4);
    const fill = findBoardFill(rgb, tall, cw, ch, all);
    expect(fill).not.toBeNull();
    for (const c of fill!.copies) expect(c.error).toBeLessThan(8);
    let jointPixels = 0,
      jointDark = 0,
      boardPixels = 0,
      boardOnJoint = 0;
    for (const [p, q] of sources(fill!, tall, cw)) {
      if (joint[p % cw]) {
        jointPixels++;
        if (joint[q % cw]) jointDark++;
      } else {
        boardPixels++;
        if (joint[q % cw]) boardOnJoint++;
      }
    }
    expect(jointPixels).toBeGreaterThan(500);
    expect(jointDark / jointPixels).toBeGreaterThan(0.98);
    expect(boardOnJoint / boardPixels).toBeLessThan(0.02);
  });
});
