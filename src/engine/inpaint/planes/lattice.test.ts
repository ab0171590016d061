import { describe, expect, it } from 'vitest';
import { findGridFill } from './lattice.js';
import { measurePeriod } from './period.js';

const TILE = 18,
  GROUT = 2;
const TONES = [225, 120, 40];

/** A frontal grid of 18 px tiles (2 px dark grout) whose tones (white, grey, black) are drawn at random per tile. */
function tiles(w: number, h: number): { rgb: Uint8Array; tone: (x: number, y: number) => number } {
  const tone = (x: number, y: number) => {
    if (x % TILE < GROUT || y % TILE < GROUT) return 70;
    const i = Math.floor(x / TILE),
      j = Math.floor(y / TILE);
    const r = Math.sin(i * 127.1 + j * 311.7) * 43758.5453;
    return TONES[Math.floor((r - Math.floor(r)) * 3)];
  };
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rgb.fill(tone(x, y), (y * w + x) * 3, (y * w + x) * 3 + 3);
  return { rgb, tone };
}

function ellipse(w: number, h: number, cx: number, cy: number, rx: number, ry: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) hole[y * w + x] = 1;
  return hole;
}

/** The hole filled from each pixel's chosen copy (rounded offsets, with the copy's tone offset). */
function apply(rgb: Uint8Array, hole: Uint8Array, w: number, fill: NonNullable<ReturnType<typeof findGridFill>>): Uint8Array {
  const out = Uint8Array.from(rgb);
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const c = fill.copies[fill.choice[p] - 1];
    const q = p + Math.round(c.dy) * w + Math.round(c.dx);
    out[p * 3] = Math.round(rgb[q * 3] + (c.offset?.[0] ?? 0));
  }
  return out;
}

describe('cell-by-cell fill of a grid of tiles of random tones', () => {
  const w = 200,
    h = 160;
  const { rgb, tone } = tiles(w, h);
  const hole = ellipse(w, h, 100, 80, 34, 26);
  const win = { x0: 0, y0: 0, x1: w - 1, y1: h - 1 };

  it('finds the one-tile grid whatever the tones, continues every joint and keeps every tile one tone', () => {
    expect(measurePeriod(rgb, hole, w, h, 0, win, true)).toBeCloseTo(TILE, 0);
    const fill = findGridFill(rgb, hole, w, h, win, 7);
    expect(fill).not.toBeNull();
    const out = apply(rgb, hole, w, fill!);
    const perTile = new Map<string, Set<number>>();
    let groutWrong = 0,
      partWrong = 0;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      const x = p % w,
        y = (p / w) | 0;
      const v = out[p * 3];
      if (x % TILE < GROUT || y % TILE < GROUT) {
        if (Math.abs(v - 70) > 2) groutWrong++;
        continue;
      }
      const key = `${Math.floor(x / TILE)},${Math.floor(y / TILE)}`;
      perTile.set(key, (perTile.get(key) ?? new Set()).add(Math.round(v / 8)));
      // a tile the border shows part of keeps its tone
      const known = [...Array(TILE * TILE).keys()].some((k) => {
        const tx = Math.floor(x / TILE) * TILE + (k % TILE),
          ty = Math.floor(y / TILE) * TILE + Math.floor(k / TILE);
        return tx < w && ty < h && !hole[ty * w + tx] && tx % TILE >= GROUT && ty % TILE >= GROUT;
      });
      if (known && Math.abs(v - tone(x, y)) > 2) partWrong++;
    }
    expect(groutWrong).toBe(0);
    expect(partWrong).toBe(0);
    expect([...perTile.values()].every((s) => s.size === 1)).toBe(true);
    expect(perTile.size).toBeGreaterThan(8);
  });

  it('declines a hole that reaches another surface beside the tiles (a cabinet front of its own grain)', () => {
    const cabinet = Uint8Array.from(rgb);
    for (let y = 0; y < h; y++)
      for (let x = 124; x < w; x++) {
        // the front's grain: vertical streaks of no period near the tiles'
        const r = Math.sin(x * 91.7 + Math.floor(y / 40) * 13.1) * 43758.5453;
        cabinet.fill(Math.round(40 + 30 * (r - Math.floor(r))), (y * w + x) * 3, (y * w + x) * 3 + 3);
      }
    expect(findGridFill(cabinet, hole, w, h, win, 7)).toBeNull();
  });

  it('draws the tiles wholly inside the hole by the seed: the same seed gives the same fill', () => {
    const a = findGridFill(rgb, hole, w, h, win, 3)!,
      b = findGridFill(rgb, hole, w, h, win, 3)!;
    expect(Buffer.compare(Buffer.from(a.choice), Buffer.from(b.choice))).toBe(0);
    expect(a.copies.map((c) => [c.dx, c.dy])).toEqual(b.copies.map((c) => [c.dx, c.dy]));
  });
});
