import { describe, expect, it } from 'vitest';
import { DEFAULT_FILL_SEED } from '@shared/removal.js';
import { borderRing, findPeriodFill, highPass, highPassAt } from './period.js';

/**
 * Vertical planks 37 px wide with a dark joint, each with the same smooth grain down the plank (no period of its own)
 * starting 17 px further on the next plank: a copy continues it exactly only 37·k across and −17·k down.
 */
function planks(w: number, h: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const t = y + 17 * Math.floor(x / 37);
      const v = 150 + (x % 37 < 2 ? -80 : 0) + 14 * Math.sin(t / 9.1) + 10 * Math.sin(t / 23.7 + 1) + 8 * Math.sin(t / 61.3 + 2);
      rgb.fill(Math.round(v), (y * w + x) * 3, (y * w + x) * 3 + 3);
    }
  return rgb;
}

describe('copies along a period', () => {
  it('a view too large to score every copy in one pass still finds one that continues the planks exactly', () => {
    // 1400×1000 with the period across only: about 230 × 2000 offsets × 3000 border samples, past the one-pass budget
    const w = 1400,
      h = 1000;
    const rgb = planks(w, h);
    const hole = new Uint8Array(w * h);
    for (let y = 460; y < 540; y++) for (let x = 680; x < 740; x++) hole[y * w + x] = 1;
    const fill = findPeriodFill(rgb, hole, w, h, [37, 0]);
    expect(fill).not.toBeNull();
    const best = fill!.copies[0];
    expect(best.dx % 37).toBe(0);
    expect(best.dy).toBe((-17 * best.dx) / 37);
    // every hole pixel taken from its copy reproduces the planks
    let worst = 0;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      const c = fill!.copies[fill!.choice[p] - 1];
      const q = p + c.dy * w + c.dx;
      worst = Math.max(worst, Math.abs(rgb[q * 3] - rgb[p * 3]));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('another seed copies another repeat of the surface that continues it as exactly; the same seed the same one', () => {
    const w = 400,
      h = 300;
    const rgb = planks(w, h);
    const hole = new Uint8Array(w * h);
    for (let y = 130; y < 170; y++) for (let x = 180; x < 220; x++) hole[y * w + x] = 1;
    const first = findPeriodFill(rgb, hole, w, h, [37, 0])!;
    const other = findPeriodFill(rgb, hole, w, h, [37, 0], () => 0, 9)!;
    const again = findPeriodFill(rgb, hole, w, h, [37, 0], () => 0, 9)!;
    expect(findPeriodFill(rgb, hole, w, h, [37, 0], () => 0, DEFAULT_FILL_SEED)!.copies[0]).toEqual(first.copies[0]);
    const [a, b] = [first.copies[0], other.copies[0]];
    // another whole repeat, not the same copy a pixel off
    expect(Math.abs(a.dx - b.dx)).toBeGreaterThanOrEqual(37);
    expect(b.dx % 37).toBe(0);
    expect(again.copies[0]).toEqual(b);
    expect(Array.from(again.choice)).toEqual(Array.from(other.choice));
    let worst = 0;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      const c = other.copies[other.choice[p] - 1];
      const q = p + c.dy * w + c.dx;
      worst = Math.max(worst, Math.abs(rgb[q * 3] - rgb[p * 3]));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });
});

describe('the border ring', () => {
  it('is every known pixel within its width of the hole, row by row, where the hole touches the picture edge too', () => {
    const w = 90,
      h = 70;
    const hole = new Uint8Array(w * h);
    // an irregular hole: a disc, a thin arm reaching the left edge and a lone pixel 3 px off the disc
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x - 50) ** 2 + (y - 35) ** 2 < 15 ** 2 || (y === 30 && x < 50)) hole[y * w + x] = 1;
    hole[35 * w + 68] = 1;
    const box = { x0: 0, y0: 20, x1: 68, y1: 50 };
    for (const width of [1, 4]) {
      const expected: number[] = [];
      for (let y = Math.max(0, box.y0 - width); y <= Math.min(h - 1, box.y1 + width); y++)
        for (let x = Math.max(0, box.x0 - width); x <= Math.min(w - 1, box.x1 + width); x++) {
          if (hole[y * w + x]) continue;
          let near = false;
          for (let dy = -width; dy <= width; dy++)
            for (let dx = -width; dx <= width; dx++) {
              const xx = x + dx,
                yy = y + dy;
              if (xx >= 0 && yy >= 0 && xx < w && yy < h && hole[yy * w + xx]) near = true;
            }
          if (near) expected.push(y * w + x);
        }
      expect(expected.length).toBeGreaterThan(100);
      expect(borderRing(hole, w, h, box, width)).toEqual(expected);
    }
  });
});

describe('the structure compared on the border', () => {
  it('is luma minus its mean over the known pixels of the 5×5 window, at every pixel, the picture edge and the hole’s included', () => {
    const w = 61,
      h = 47;
    const rgb = new Uint8Array(w * h * 3);
    let seed = 7;
    for (let i = 0; i < rgb.length; i++) rgb[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const hole = new Uint8Array(w * h);
    // a disc, a column at the left edge and a pixel whose window is otherwise known
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x - 30) ** 2 + (y - 22) ** 2 < 9 ** 2 || x === 0 || (x === 55 && y === 5)) hole[y * w + x] = 1;
    const all = highPass(rgb, hole, w, h);
    let compared = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const direct = highPassAt(rgb, hole, w, h, x, y);
        expect(all[y * w + x]).toBeCloseTo(direct, 3);
        if (direct !== 0) compared++;
      }
    expect(compared).toBeGreaterThan(w * h * 0.8);
  });
});
