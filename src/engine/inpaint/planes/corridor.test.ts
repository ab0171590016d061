import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILL_SEED } from '@shared/removal.js';
import { dilate, inpaintRgb } from '../inpaint-image.js';
import { corridorInpaint, corridorPoint, type CorridorReport } from './corridor.js';
import type { Segment } from './segments.js';
import { corridorStreet, plankFloor, RHYTHM, withObject } from './test-scenes.js';

function boxHole(w: number, h: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) hole[y * w + x] = 1;
  return hole;
}

/** Mean absolute difference from the truth over the hole, levels per channel. */
function holeError(out: Uint8Array, truth: Uint8Array, hole: Uint8Array): number {
  let sum = 0,
    n = 0;
  for (let p = 0; p < hole.length; p++)
    if (hole[p]) {
      for (let c = 0; c < 3; c++) sum += Math.abs(out[p * 3 + c] - truth[p * 3 + c]);
      n += 3;
    }
  return sum / n;
}

/** Values outside the hole that differ from the input's. */
function changedOutside(out: Uint8Array, input: Uint8Array, hole: Uint8Array): number {
  let n = 0;
  for (let p = 0; p < hole.length; p++) if (!hole[p]) for (let c = 0; c < 3; c++) if (out[p * 3 + c] !== input[p * 3 + c]) n++;
  return n;
}

/** A segment 30 px long on the ray from (x, y) at `deg` degrees, starting `from` px out. */
function ray(x: number, y: number, deg: number, from: number): Segment {
  const a = (deg * Math.PI) / 180;
  return { x1: x + from * Math.cos(a), y1: y + from * Math.sin(a), x2: x + (from + 30) * Math.cos(a), y2: y + (from + 30) * Math.sin(a), length: 30 };
}

describe('the far end of a street', () => {
  const street = corridorStreet();
  const { w, h, vp } = street;

  it.each<[string, [number, number, number, number]]>([
    ['over its vanishing point (a car parked down the street)', [146, 96, 206, 150]],
    ['beside its vanishing point', [196, 100, 256, 150]],
  ])('a hole %s is filled from the street scaled about that point: its lines run on and its posts come back smaller', async (_, [x0, y0, x1, y1]) => {
    const hole = boxHole(w, h, x0, y0, x1, y1);
    const input = withObject(street.rgb, hole);
    const report: CorridorReport = {};
    const out = await corridorInpaint(input, hole, w, h, { seed: DEFAULT_FILL_SEED, report });
    expect(out).not.toBeNull();
    expect(Math.hypot(report.point![0] - vp[0], report.point![1] - vp[1])).toBeLessThan(2);
    // the rhythm of the posts or a whole power of it
    const k = Math.log(report.scale!) / Math.log(RHYTHM);
    expect(Math.abs(k - Math.round(k))).toBeLessThan(0.05);
    const corridor = holeError(out!, street.rgb, hole);
    const single = holeError(await inpaintRgb(input, hole, w, h, { planes: false }), street.rgb, hole);
    expect(corridor).toBeLessThan(6);
    expect(corridor).toBeLessThan(single / 3);
    expect(changedOutside(out!, input, hole)).toBe(0);
    // the engine's removal takes it when the planes decline
    const engine = await inpaintRgb(input, hole, w, h);
    expect(Buffer.compare(Buffer.from(engine), Buffer.from(out!))).toBe(0);
  });

  it('the car parked down the street of the benchmark render: the street runs on behind it, not the trees', async () => {
    // bench (e′)'s street car: the single-scale fill brought the trees' foliage down into the road
    const { data, info } = await sharp('bench/renders/09-city-block-street.png').resize(768).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [w, h, rgb] = [info.width, info.height, new Uint8Array(data)];
    const car = boxHole(w, h, Math.floor(0.34 * w), Math.floor(0.58 * h), Math.ceil(0.42 * w) - 1, Math.ceil(0.67 * h) - 1);
    const hole = dilate(car, w, h, 4);
    const foliage = (img: Uint8Array) => {
      let n = 0,
        all = 0;
      for (let p = 0; p < hole.length; p++)
        if (hole[p]) {
          all++;
          if (img[p * 3 + 1] > img[p * 3] + 12 && img[p * 3 + 1] > img[p * 3 + 2] + 4) n++;
        }
      return n / all;
    };
    const report: CorridorReport = {};
    const out = await inpaintRgb(rgb, hole, w, h, { seed: DEFAULT_FILL_SEED, corridorReport: report });
    // where the kerb, the lane line and the facade's base meet, on the horizon behind the car
    expect(Math.hypot(report.point![0] - 315, report.point![1] - 337)).toBeLessThan(6);
    expect(foliage(await inpaintRgb(rgb, hole, w, h, { seed: DEFAULT_FILL_SEED, planes: false }))).toBeGreaterThan(0.1);
    expect(foliage(out)).toBeLessThan(0.03);
    // another fill: another repeat of the street, and still no trees in the road
    const other: CorridorReport = {};
    const again = await inpaintRgb(rgb, hole, w, h, { seed: DEFAULT_FILL_SEED + 1, corridorReport: other });
    expect(Math.abs(Math.log(other.scale! / report.scale!))).toBeGreaterThan(Math.log(1.05));
    expect(foliage(again)).toBeLessThan(0.03);
    expect(changedOutside(out, rgb, hole) + changedOutside(again, rgb, hole)).toBe(0);
  });

  it('takes a point with lines converging on it from several sides only, inside the picture and near the hole', () => {
    const box = { x0: 140, y0: 100, x1: 200, y1: 140 };
    const point: [number, number, number] = [210, 120, 1];
    // a street: kerbs, walls and a lane line from six directions
    const street = [0, 205, 50, 250, 95, 295, 140, 340].flatMap((deg) => [ray(210, 120, deg, 20), ray(210, 120, deg, 60)]);
    expect(corridorPoint(street, [point], box, 320, 240)).toMatchObject({ point: [210, 120], directions: 8 });
    // one facade receding to it: its lines come from two directions only
    const facade = [170, 175, 185, 190].flatMap((deg) => [ray(210, 120, deg, 20), ray(210, 120, deg, 60), ray(210, 120, deg, 100)]);
    expect(corridorPoint(facade, [point], box, 320, 240)).toBeNull();
    // the same street's point outside the picture, or further from the hole than its segments are looked for
    expect(corridorPoint(street, [point], box, 200, 240)).toBeNull();
    const far = [0, 205, 50, 250, 95, 295, 140, 340].flatMap((deg) => [ray(300, 120, deg, 20), ray(300, 120, deg, 60)]);
    expect(corridorPoint(far, [[300, 120, 1]], box, 400, 240)).toBeNull();
  });

  it('a floor receding to a point outside the picture is not a corridor', async () => {
    const floor = plankFloor();
    const hole = boxHole(floor.w, floor.h, 90, 100, 150, 150);
    expect(await corridorInpaint(withObject(floor.rgb, hole), hole, floor.w, floor.h, { seed: DEFAULT_FILL_SEED })).toBeNull();
  });
});
