import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random.js';
import { createEngine } from '../index.js';
import { TEST_MODELS_DIR } from '../test-models.js';
import { dilate, MASK_DILATION } from './inpaint-image.js';

const engine = createEngine({ modelsDir: TEST_MODELS_DIR });
const W = 112;
const H = 96;

/** A stone-like surface: speckles on a 4 px grain, so many sources match the hole's border about equally well. */
function stone(): Buffer {
  const rand = mulberry32(7);
  const grain = Array.from({ length: Math.ceil(W / 4) * Math.ceil(H / 4) }, () => rand());
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const g = grain[Math.floor(y / 4) * Math.ceil(W / 4) + Math.floor(x / 4)];
      const v = 90 + Math.round(g * 110) + Math.round(rand() * 16);
      rgb.set([v, v - 10, v - 25], (y * W + x) * 3);
    }
  return rgb;
}

describe('another fill', () => {
  it('gives another fill for another seed, the same bytes for the same seed, and leaves every pixel outside the grown mask identical', async () => {
    const image = stone();
    const mask = Buffer.alloc(W * H);
    for (let y = 34; y < 62; y++)
      for (let x = 40; x < 70; x++) {
        image.set([20, 140, 230], (y * W + x) * 3);
        mask[y * W + x] = 255;
      }
    const [png, maskPng] = await Promise.all([
      sharp(image, { raw: { width: W, height: H, channels: 3 } })
        .png()
        .toBuffer(),
      sharp(mask, { raw: { width: W, height: H, channels: 1 } })
        .png()
        .toBuffer(),
    ]);
    const first = await engine.inpaint(png, maskPng, {}, { seed: 1 });
    const again = await engine.inpaint(png, maskPng, {}, { seed: 1 });
    const other = await engine.inpaint(png, maskPng, {}, { seed: 2 });
    expect(first.method).toBe('exemplar');
    expect(Buffer.compare(first.data, again.data)).toBe(0);

    const [a, b] = await Promise.all([sharp(first.data).raw().toBuffer(), sharp(other.data).raw().toBuffer()]);
    const grown = dilate(new Uint8Array(mask.map((v) => (v ? 1 : 0))), W, H, MASK_DILATION);
    let outsideChanged = 0;
    let differing = 0;
    let holePixels = 0;
    for (let i = 0; i < W * H; i++) {
      if (!grown[i]) {
        for (let c = 0; c < 3; c++) if (a[i * 3 + c] !== image[i * 3 + c] || b[i * 3 + c] !== image[i * 3 + c]) outsideChanged++;
        continue;
      }
      holePixels++;
      if (Math.abs(a[i * 3] - b[i * 3]) > 8) differing++;
    }
    expect(outsideChanged).toBe(0);
    // another candidate, not the same fill with a few pixels changed: most of the hole differs
    expect(differing / holePixels).toBeGreaterThan(0.3);
    // and neither keeps any of the removed object's blue
    for (const out of [a, b]) for (let i = 0; i < W * H; i++) if (mask[i]) expect(out[i * 3 + 2]).toBeLessThan(200);
  });
});
