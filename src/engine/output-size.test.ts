import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, EngineError } from './index.js';
import { TEST_MODELS_DIR } from './test-models.js';

const engine = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
afterAll(() => engine.close());

function pattern(w: number, h: number, channels: 3 | 4): Buffer {
  const data = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * channels;
      data[i] = (x * 11) & 255;
      data[i + 1] = (y * 13) & 255;
      data[i + 2] = ((x >> 2) + (y >> 2)) % 2 ? 200 : 40;
      if (channels === 4) data[i + 3] = x < w / 2 ? 255 : 90;
    }
  return data;
}
const image = (w: number, h: number, channels: 3 | 4 = 3) =>
  sharp(pattern(w, h, channels), { raw: { width: w, height: h, channels } })
    .png()
    .toBuffer();

describe('enhance: exact output size', () => {
  it('brings the scale run down to exactly the size asked for, with the print density in the PNG', async () => {
    const r = await engine.enhance(await image(20, 12), { scale: 3, mode: 'detail', outputSize: { width: 50, height: 30, dpi: 300 } });
    const meta = await sharp(r.data).metadata();
    expect([r.width, r.height, meta.width, meta.height, meta.format]).toEqual([50, 30, 50, 30, 'png']);
    expect(meta.density).toBe(300);
  });

  it('writes no density without a print size, keeps alpha and 16 bits through the downscale', async () => {
    const plain = await engine.enhance(await image(20, 12), { scale: 2, mode: 'detail', outputSize: { width: 33, height: 20 } });
    expect((await sharp(plain.data).metadata()).density).toBeUndefined();

    const alpha = await engine.enhance(await image(20, 12, 4), { scale: 2, mode: 'detail', outputSize: { width: 30, height: 18, dpi: 150 } });
    const alphaMeta = await sharp(alpha.data).metadata();
    expect([alphaMeta.width, alphaMeta.height, alphaMeta.channels, alphaMeta.density]).toEqual([30, 18, 4, 150]);

    const deep = await sharp(pattern(20, 12, 3), { raw: { width: 20, height: 12, channels: 3 } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    const r16 = await engine.enhance(deep, { scale: 2, mode: 'detail', outputSize: { width: 35, height: 21 } });
    const meta16 = await sharp(r16.data).metadata();
    expect([meta16.width, meta16.height, meta16.depth]).toEqual([35, 21, 'ushort']);
  });

  it('writes the density into JPEG too', async () => {
    const r = await engine.enhance(await image(20, 12), { scale: 2, mode: 'detail', outputFormat: 'jpeg', outputSize: { width: 30, height: 18, dpi: 300 } });
    const meta = await sharp(r.data).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([30, 18, 300]);
  });

  it('refuses a size the scale run does not cover', async () => {
    const err = await engine.enhance(await image(20, 12), { scale: 2, mode: 'detail', outputSize: { width: 41, height: 24 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('UNSUPPORTED_INPUT');
  });
});
