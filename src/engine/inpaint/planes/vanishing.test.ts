import { describe, expect, it } from 'vitest';
import type { Vec3 } from './geometry.js';
import { measurePeriod } from './period.js';
import { rectifyingHomography } from './rectify.js';
import { detectSegments } from './segments.js';
import { CAMERA, plankFloor, tileFloor, tileVanishingPoints, type Scene } from './test-scenes.js';
import { estimateVanishingPoints } from './vanishing.js';
import { invert, project } from './geometry.js';

function lumaOf({ rgb, w, h }: Scene): Float32Array {
  const l = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) l[i] = 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
  return l;
}

/** Angle (degrees) between the directions in which two homogeneous points are seen from (cx, cy), as lines. */
function seenApart(a: Vec3, b: Vec3, cx: number, cy: number): number {
  const da = Math.atan2(a[1] - cy * a[2], a[0] - cx * a[2]),
    db = Math.atan2(b[1] - cy * b[2], b[0] - cx * b[2]);
  let d = Math.abs(da - db) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return (d * 180) / Math.PI;
}

function vanishingPointsOf(scene: Scene) {
  return estimateVanishingPoints(detectSegments(lumaOf(scene), scene.w, scene.h), { seed: 1 });
}

describe('vanishing points', () => {
  it('recovers the two finite vanishing points of a rotated tile grid', () => {
    const scene = tileFloor();
    const found = vanishingPointsOf(scene);
    for (const [x, y] of tileVanishingPoints(CAMERA)) {
      const truth: Vec3 = [x, y, 1];
      // as seen from every corner of the picture, the estimate lies within 0.3° of the true point
      const worst = Math.min(
        ...found.map((f) =>
          Math.max(
            ...[
              [0, 0],
              [scene.w, 0],
              [0, scene.h],
              [scene.w, scene.h],
            ].map(([cx, cy]) => seenApart(f.point, truth, cx, cy)),
          ),
        ),
      );
      expect(worst).toBeLessThan(0.3);
    }
  });

  it('recovers a plank floor’s vanishing point and its cross joints’ direction at infinity', () => {
    const scene = plankFloor();
    const found = vanishingPointsOf(scene);
    const near = (truth: Vec3) => Math.min(...found.map((f) => Math.max(seenApart(f.point, truth, 0, scene.h), seenApart(f.point, truth, scene.w, scene.h))));
    // the joints are broken every plank length by cross joints: shorter segments, a looser estimate than the tiles'
    expect(near([CAMERA.cx, CAMERA.horizon, 1])).toBeLessThan(0.6);
    expect(near([1, 0, 0])).toBeLessThan(0.3);
  });

  it('gives the same points for the same seed', () => {
    const scene = tileFloor();
    expect(vanishingPointsOf(scene)).toEqual(vanishingPointsOf(scene));
  });
});

describe('rectification', () => {
  it('makes the floor’s joints axis-parallel and its tiles one size, with a measurable period', () => {
    const [a, b] = tileVanishingPoints(CAMERA);
    const H = rectifyingHomography([a[0], a[1], 1], [b[0], b[1], 1], 120, 95)!;
    expect(H).not.toBeNull();
    // two points along one grout direction (towards a) stay on one rectified row or column
    const p = project(H, 60, 150),
      q = project(H, 60 + (a[0] - 60) * 0.3, 150 + (a[1] - 150) * 0.3);
    expect(Math.min(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]))).toBeLessThan(1e-6);
    // the rectified tile grid has one period per axis, the same near and far
    const scene = tileFloor();
    const size = 120;
    const rect = new Uint8Array(size * size * 3),
      none = new Uint8Array(size * size);
    const inv = invert(H);
    for (let j = 0; j < size; j++)
      for (let i = 0; i < size; i++) {
        const [x, y] = project(inv, i - size / 2, j - size / 2);
        const xi = Math.max(0, Math.min(scene.w - 1, Math.round(x))),
          yi = Math.max(0, Math.min(scene.h - 1, Math.round(y)));
        rect.set(scene.rgb.subarray((yi * scene.w + xi) * 3, (yi * scene.w + xi) * 3 + 3), (j * size + i) * 3);
      }
    for (const axis of [0, 1] as const) {
      const period = measurePeriod(rect, none, size, size, axis);
      expect(period).toBeGreaterThan(15);
      expect(period).toBeLessThan(30);
    }
  });
});
