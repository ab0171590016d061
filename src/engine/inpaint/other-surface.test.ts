import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random.js';
import { inpaintRgb } from './inpaint-image.js';
import { otherSurfaceBand } from './other-surface.js';
import { ellipseHole } from './planes/test-scenes.js';

const W = 200,
  H = 160;
/** The wall's last column; the sky begins one further right. */
const EDGE = 140;
const WOOD: [number, number, number] = [110, 85, 60];
const SKY: [number, number, number] = [170, 190, 210];

/** Cladding of 6 px boards (each its own tone, a dark joint between) left of EDGE; sky with a dark trunk right of it (and above row `skyAbove` across the picture). */
function facade(withSky = true, skyAbove = 0): Uint8Array {
  const rand = mulberry32(7);
  const tones = Array.from({ length: 40 }, () => (rand() - 0.5) * 30);
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if ((x <= EDGE || !withSky) && y >= skyAbove) {
        const joint = x % 6 === 0 ? -30 : 0;
        const v = tones[Math.floor(x / 6)] + joint + (rand() - 0.5) * 12;
        for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(WOOD[c] + v);
      } else {
        const trunk = x >= 160 && x < 167;
        for (let c = 0; c < 3; c++) rgb[i + c] = trunk ? 30 : SKY[c] - (y >> 3);
      }
    }
  return rgb;
}

/** An ellipse whose right end stops 3 px short of the wall's edge. */
function holeBesideEdge(): Uint8Array {
  const hole = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (((x - 100) / 37.5) ** 2 + ((y - 80) / 30) ** 2 <= 1) hole[y * W + x] = 1;
  return hole;
}

describe('another surface beside the hole', () => {
  it('takes the band beyond a wall edge that runs along the hole, and nothing on the hole side', () => {
    const hole = holeBesideEdge();
    const band = otherSurfaceBand(facade(), hole, W, H);
    expect(band).not.toBeNull();
    let beyond = 0;
    for (let p = 0; p < W * H; p++) {
      if (!band![p]) continue;
      expect(p % W).toBeGreaterThan(EDGE);
      beyond++;
    }
    // the sky beside the hole, as far as the coarse levels' patches reach
    expect(beyond).toBeGreaterThan(24 * 40);
    expect(band![80 * W + EDGE + 4]).toBe(1);
  });

  it('finds none where the board joints beside the hole part no surfaces', () => {
    expect(otherSurfaceBand(facade(false), holeBesideEdge(), W, H)).toBeNull();
  });

  it('finds none where the hole spans both surfaces: the far side’s sky also borders it above', () => {
    expect(otherSurfaceBand(facade(true, 56), holeBesideEdge(), W, H)).toBeNull();
  });

  it('fills a hole beside the wooden house’s cladding edge from the cladding only: no sky or tree trunk pasted in', async () => {
    // the benchmark's cladding case: an ellipse on the timber cladding whose right end stops 3 px short of the
    // wall's edge, with the sky and a tree beyond it
    const { data, info } = await sharp('bench/renders/02-modern-wooden-house.png').resize(768).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width: w, height: h } = info;
    const rgb = new Uint8Array(data);
    const hole = ellipseHole(w, h, 576.5, 334.5, 42.5, 31.5);
    const out = await inpaintRgb(rgb, hole, w, h);
    let foreign = 0,
      n = 0;
    for (let p = 0; p < w * h; p++) {
      if (!hole[p]) continue;
      n++;
      // the cladding under the hole is redder than blue everywhere (by 5 levels at least); the sky and the trunk are not
      expect(rgb[p * 3]).toBeGreaterThan(rgb[p * 3 + 2]);
      if (out[p * 3 + 2] >= out[p * 3]) foreign++;
    }
    expect(n).toBeGreaterThan(4000);
    expect(foreign).toBe(0);
  });
});
