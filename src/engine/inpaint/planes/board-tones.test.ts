import { describe, expect, it } from 'vitest';
import { keepBoardTones } from './board-tones.js';
import type { Mat3 } from './geometry.js';
import { findPeriodFill, measurePeriod, type PeriodFill } from './period.js';
import { copyAlongPlane } from './rectify.js';
import { ellipseHole } from './test-scenes.js';

const W = 240,
  H = 160,
  BOARD = 12;
const hash = (b: number) => {
  const v = Math.sin(b * 127.1 + 311.7) * 43758.5453;
  return v - Math.floor(v);
};

/**
 * Vertical cladding seen head-on: boards 12 px wide with a dark joint, each in its own tone (up to 60 levels apart),
 * lit more towards the bottom, with a fine grain of its own (no period down the boards).
 */
function cladding(): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const b = Math.floor(x / BOARD);
      const grain = (hash(b * 1000 + y * 7 + (x % BOARD)) - 0.5) * 6;
      const v = x % BOARD < 1 ? 40 : 110 + 60 * hash(b) + (30 * y) / H + grain;
      const i = (y * W + x) * 3;
      rgb[i] = Math.round(v);
      rgb[i + 1] = Math.round(v * 0.8);
      rgb[i + 2] = Math.round(v * 0.6);
    }
  return rgb;
}

const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Per board through the hole, the mean difference between the fill's tone and the board's own: their mean and worst. */
function boardToneErrors(fill: Uint8Array, truth: Uint8Array, hole: Uint8Array): { mean: number; worst: number } {
  const errors: number[] = [];
  for (let b = 0; b * BOARD < W; b++) {
    let sum = 0,
      n = 0;
    for (let y = 0; y < H; y++)
      for (let x = b * BOARD + 2; x < Math.min(W, (b + 1) * BOARD - 1); x++) {
        const p = y * W + x;
        if (!hole[p]) continue;
        sum += fill[p * 3] - truth[p * 3];
        n++;
      }
    if (n >= 40) errors.push(Math.abs(sum / n));
  }
  return { mean: errors.reduce((a, e) => a + e, 0) / errors.length, worst: Math.max(...errors) };
}

/**
 * A fill in layers, as the period fill makes one where no copy reaches the whole hole: each pixel takes the first of
 * the copies, whole boards across, whose source is known.
 */
function layeredFill(hole: Uint8Array): PeriodFill {
  const copies = [-2, 2, -4, 4, -6, 6, -8, 8, -10, 10].map((k) => ({ dx: k * BOARD, dy: 0, tone: 0, error: 0, coverage: 1 }));
  const choice = new Uint8Array(W * H);
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const x = p % W;
    const k = copies.findIndex((c) => x + c.dx >= 0 && x + c.dx < W && !hole[p + c.dx]);
    choice[p] = k + 1;
  }
  return { copies, choice };
}

describe('boards in their own tones', () => {
  const rgb = cladding();
  const hole = ellipseHole(W, H, 120, 80, 75, 45);
  const win = { x0: 0, y0: 0, x1: W - 1, y1: H - 1 };
  const region = { u0: 0, v0: 0, w: W, h: H };

  it('a hole filled by copies in layers, boards across, keeps every board’s tone where each took another board’s', () => {
    const period: [number, number] = [measurePeriod(rgb, hole, W, H, 0, win), measurePeriod(rgb, hole, W, H, 1, win)];
    expect(period[0]).toBeCloseTo(BOARD, 0);
    expect(period[1]).toBe(0);
    const layered = layeredFill(hole);
    expect(layered.choice.every((c, p) => !hole[p] || c > 0)).toBe(true);
    const before = Uint8Array.from(rgb);
    copyAlongPlane(before, hole, rgb, hole, W, H, IDENTITY, IDENTITY, region, layered);
    const kept = keepBoardTones(rgb, hole, W, H, period, layered, win);
    const after = Uint8Array.from(rgb);
    copyAlongPlane(after, hole, rgb, hole, W, H, IDENTITY, IDENTITY, region, kept);
    // copied as they are, the boards came back up to 46 levels off their own tone (16 on average)
    expect(boardToneErrors(before, rgb, hole).mean).toBeGreaterThan(10);
    const { mean, worst } = boardToneErrors(after, rgb, hole);
    expect(mean).toBeLessThan(2.5);
    expect(worst).toBeLessThan(7);
    // the joints stay where the copies put them: on every joint column of the hole the fill stays dark
    for (let p = 0; p < hole.length; p++) if (hole[p] && (p % W) % BOARD === 0) expect(after[p * 3]).toBeLessThan(80);
    // nothing outside the hole moves
    for (let p = 0; p < hole.length; p++) if (!hole[p]) expect(after[p * 3]).toBe(rgb[p * 3]);
  });

  it('leaves a fill alone where tiles repeat along both axes or one copy fills the whole hole', () => {
    const layered = layeredFill(hole);
    expect(keepBoardTones(rgb, hole, W, H, [BOARD, BOARD], layered, win)).toBe(layered);
    const small = ellipseHole(W, H, 120, 80, 20, 20);
    const whole = findPeriodFill(rgb, small, W, H, [BOARD, 0])!;
    expect(new Set(Array.from(whole.choice).filter(Boolean)).size).toBe(1);
    expect(keepBoardTones(rgb, small, W, H, [BOARD, 0], whole, win)).toBe(whole);
  });
});
