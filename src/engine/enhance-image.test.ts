import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBmp24 } from './bmp-decoder.js';
import { createEngine, EngineError, SCALES } from './index.js';
import { TEST_MODELS_DIR } from './test-models.js';
import type { Progress } from './progress.js';
import { countTiles } from './tiled-inference.js';
import { planWindow } from './tiling.js';

const engine = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
afterAll(() => engine.close());

function rgbPattern(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      data[i] = (x * 11) & 255;
      data[i + 1] = (y * 13) & 255;
      data[i + 2] = ((x >> 2) + (y >> 2)) % 2 ? 200 : 40;
    }
  return data;
}
const png = (w: number, h: number) =>
  sharp(rgbPattern(w, h), { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();

describe('enhance: sizes and limits', () => {
  it('produces exactly round(w·s) × round(h·s) for every scale', async () => {
    const input = await png(13, 9);
    for (const scale of SCALES) {
      const r = await engine.enhance(input, { scale, mode: 'detail' });
      const meta = await sharp(r.data).metadata();
      expect([r.width, r.height, meta.width, meta.height]).toEqual([13 * scale, 9 * scale, 13 * scale, 9 * scale]);
      expect(r.highResolution).toBe(false);
      // Detail runs Precision's plan: medium at ×2, thick above (×6 from its ×8 model), with Precision's mix
      const faithful = scale === 2 ? 'esrgan-medium-x2' : `esrgan-thick-x${scale === 6 ? 8 : scale}`;
      expect(r.model.split('+')[0]).toBe(faithful);
    }
  });

  it('refuses outputs over 64 MP before any model is loaded', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-nomodels-'));
    const modelsDir = path.join(dir, 'models');
    const bare = createEngine({ modelsDir });
    const big = await sharp({ create: { width: 4001, height: 4000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const err = await bare.enhance(big, { scale: 2, mode: 'precision' }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.code).toBe('TOO_LARGE');
    expect(err.message).toBe('Enhanced resolution (8002x8000) exceeds 64 megapixel limit. Please reduce scale.');
    expect(existsSync(modelsDir)).toBe(false);
    await bare.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('enhance: image fidelity', () => {
  it('keeps alpha (upscaled separately) and writes fully opaque images without alpha', async () => {
    const w = 16,
      h = 12;
    const rgba = Buffer.alloc(w * h * 4);
    const rgb = rgbPattern(w, h);
    for (let i = 0; i < w * h; i++) {
      rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
      rgba[i * 4 + 3] = i % w < w / 2 ? 255 : 0;
    }
    const input = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
      .png()
      .toBuffer();
    const r = await engine.enhance(input, { scale: 2, mode: 'detail' });
    const { data, info } = await sharp(r.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[(5 * 32 + 2) * 4 + 3]).toBe(255);
    expect(data[(5 * 32 + 29) * 4 + 3]).toBe(0);

    // a soft alpha step (64 → 192) comes out with a high-order filter's profile: intermediate values and the
    // overshoot of a windowed kernel on both sides; nearest and bilinear never leave [64, 192]
    for (let i = 0; i < w * h; i++) rgba[i * 4 + 3] = i % w < w / 2 ? 64 : 192;
    const soft = await engine.enhance(
      await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
        .png()
        .toBuffer(),
      { scale: 4, mode: 'detail' },
    );
    const softPx = await sharp(soft.data).raw().toBuffer();
    const row = Array.from({ length: w * 4 }, (_, x) => softPx[(6 * 4 * w * 4 + x) * 4 + 3]);
    expect(Math.min(...row)).toBeLessThan(64);
    expect(Math.max(...row)).toBeGreaterThan(192);
    expect(row.filter((a) => a > 70 && a < 186).length).toBeGreaterThanOrEqual(2);
    expect([row[0], row[w * 4 - 1]]).toEqual([64, 192]);

    const opaque = await engine.enhance(await png(w, h), { scale: 2, mode: 'detail' });
    expect((await sharp(opaque.data).metadata()).hasAlpha).toBe(false);
    const opaqueRgba = await sharp(await png(w, h))
      .ensureAlpha()
      .png()
      .toBuffer();
    const fromRgba = await engine.enhance(opaqueRgba, { scale: 2, mode: 'detail' });
    expect((await sharp(fromRgba.data).metadata()).hasAlpha).toBe(false);
  });

  it('keeps the ICC profile, colours within 1 level on average of the untagged path', async () => {
    const raw = rgbPattern(16, 12);
    const p3 = await sharp(raw, { raw: { width: 16, height: 12, channels: 3 } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const inIcc = (await sharp(p3).metadata()).icc!;
    const r = await engine.enhance(p3, { scale: 2, mode: 'detail' });
    const outIcc = (await sharp(r.data).metadata()).icc;
    expect(outIcc && Buffer.compare(outIcc, inIcc)).toBe(0);
    const plain = await engine.enhance(await png(16, 12), { scale: 2, mode: 'detail' });
    const [a, b] = await Promise.all([sharp(r.data).raw().toBuffer(), sharp(plain.data).raw().toBuffer()]);
    const mean = a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
    expect(mean).toBeLessThan(1);
  });

  it('reads 16-bit input and writes 16-bit PNG', async () => {
    const input = await sharp(rgbPattern(12, 10), { raw: { width: 12, height: 10, channels: 3 } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(input).metadata()).depth).toBe('ushort');
    const r = await engine.enhance(input, { scale: 3, mode: 'detail' });
    const meta = await sharp(r.data).metadata();
    expect([meta.width, meta.height, meta.depth]).toEqual([36, 30, 'ushort']);
  });

  it('reads palette PNG, grey, GIF (first frame), BMP, WebP and JPEG with the right output format', async () => {
    const raw = { raw: { width: 12, height: 10, channels: 3 as const } };
    const cases: [string, Buffer, string, number][] = [
      ['palette', await sharp(rgbPattern(12, 10), raw).png({ palette: true }).toBuffer(), 'png', 3],
      ['grey', await sharp(rgbPattern(12, 10), raw).toColourspace('b-w').png().toBuffer(), 'png', 1],
      ['gif', await sharp(rgbPattern(12, 10), raw).gif().toBuffer(), 'png', 3],
      ['bmp', encodeBmp24(rgbPattern(12, 10), 12, 10), 'png', 3],
      ['webp', await sharp(rgbPattern(12, 10), raw).webp({ lossless: true }).toBuffer(), 'webp', 3],
      ['jpeg', await sharp(rgbPattern(12, 10), raw).jpeg().toBuffer(), 'jpeg', 3],
    ];
    for (const [name, input, format, channels] of cases) {
      const r = await engine.enhance(input, { scale: 2, mode: 'detail' });
      const meta = await sharp(r.data).metadata();
      expect([name, r.format, meta.format, meta.width, meta.height, meta.channels]).toEqual([name, format, format, 24, 20, channels]);
    }
  });

  it('writes results without EXIF: no camera location leaves with a result', async () => {
    const photo = await sharp(rgbPattern(12, 8), { raw: { width: 12, height: 8, channels: 3 } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Site camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await engine.enhance(photo, { scale: 2, mode: 'detail' });
    expect((await sharp(r.data).metadata()).exif).toBeUndefined();
  });

  it('applies EXIF orientation', async () => {
    const rotated = await sharp(rgbPattern(12, 8), { raw: { width: 12, height: 8, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const r = await engine.enhance(rotated, { scale: 2, mode: 'detail' });
    expect([r.width, r.height]).toEqual([16, 24]);
  });
});

describe('enhance: modes, determinism, progress and cancel', () => {
  it('same input and parameters give identical bytes; modes differ', async () => {
    const input = await png(14, 10);
    const a = await engine.enhance(input, { scale: 2, mode: 'creativity' });
    const b = await engine.enhance(input, { scale: 2, mode: 'creativity' });
    expect(Buffer.compare(a.data, b.data)).toBe(0);
    const d = await engine.enhance(input, { scale: 2, mode: 'detail' });
    const p = await engine.enhance(input, { scale: 2, mode: 'precision' });
    // Precision's faithful network: medium with its sharpening at ×2, thick at ×3 and above
    expect(p.model).toMatch(/^esrgan-medium-x2/);
    expect((await engine.enhance(input, { scale: 4, mode: 'precision' })).model).toMatch(/^esrgan-thick-x4/);
    const pixels = await Promise.all([a, d, p].map((r) => sharp(r.data).raw().toBuffer()));
    const diff = (x: Buffer, y: Buffer) => x.reduce((s, v, i) => s + Math.abs(v - y[i]), 0) / x.length;
    expect(diff(pixels[0], pixels[1])).toBeGreaterThan(1);
    expect(diff(pixels[0], pixels[2])).toBeGreaterThan(0.5);
    expect(diff(pixels[1], pixels[2])).toBeGreaterThan(1);
  });

  it('reports tile progress with an ETA and cancels between tiles without leaving files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-cancel-'));
    const input = path.join(dir, 'in.png');
    await sharp(rgbPattern(150, 120), { raw: { width: 150, height: 120, channels: 3 } }).toFile(input);
    const controller = new AbortController();
    const seen: { tilesDone: number; tilesTotal: number; etaMs: number | null }[] = [];
    const run = engine.enhance(
      input,
      { scale: 2, mode: 'detail' },
      {
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p);
          if (p.tilesDone === 2) controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen[0]).toMatchObject({ tilesDone: 0, etaMs: null });
    expect(seen[seen.length - 1].tilesDone).toBe(2);
    expect(seen[seen.length - 1].tilesTotal).toBeGreaterThan(2);
    expect(seen[seen.length - 1].etaMs).toBeGreaterThanOrEqual(0);
    expect(await readdir(dir)).toEqual(['in.png']);
    const tmpLeft = (await readdir(os.tmpdir())).filter((f) => f.startsWith('renderlift-icc-'));
    expect(tmpLeft).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });

  it('counts the tiles of Detail ×6 (its ×8 network brought to ×6 in each tile) in one progress run, ending at every tile done', async () => {
    // windows of at most 64² px with 16 px margins, shaped to the input
    const all: Progress[] = [];
    const r = await engine.enhance(await png(70, 50), { scale: 6, mode: 'detail' }, { onProgress: (p) => all.push(p) });
    expect([r.width, r.height]).toEqual([420, 300]);
    // loading the models, the tiles, then saving the result
    expect(all[0].phase).toBe('loading');
    expect(all.at(-1)!.phase).toBe('saving');
    const seen = all.filter((p) => p.phase === 'tiles');
    expect(seen.length).toBe(all.length - 2);
    const total = seen[0].tilesTotal;
    const win = planWindow(70, 50, 64 * 64, 16);
    expect(total).toBe(countTiles(70, 50, win.width, 16, win.height));
    // fewer than equal 64² windows would take
    expect(total).toBeLessThan(countTiles(70, 50, 64, 16));
    expect(seen.every((p) => p.tilesTotal === total)).toBe(true);
    expect(seen.map((p) => p.tilesDone)).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
  });

  it('Detail at 0 is Precision at every scale byte for byte, and its preset differs from it', async () => {
    const input = await png(24, 18);
    for (const scale of [3, 4] as const) {
      const precision = await engine.enhance(input, { scale, mode: 'precision' });
      const zero = await engine.enhance(input, { scale, mode: 'detail', params: { detail: 0 } });
      const preset = await engine.enhance(input, { scale, mode: 'detail' });
      expect(zero.model).toBe(precision.model);
      const [p, z, d] = await Promise.all([precision, zero, preset].map((r) => sharp(r.data).raw().toBuffer()));
      expect(z.equals(p)).toBe(true);
      expect(d.equals(p)).toBe(false);
    }
  });

  it('rejects an already aborted run and unreadable input', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.enhance(await png(8, 8), { scale: 2, mode: 'detail' }, { signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(engine.enhance(Buffer.from('not an image'), { scale: 2, mode: 'detail' })).rejects.toMatchObject({ code: 'UNSUPPORTED_INPUT' });
  });
});

describe('enhance: extra models from MODELS_DIR', () => {
  /** The slim ×4 weights under other tensor names, as a model trained elsewhere would arrive. */
  async function extraModelDir(): Promise<string> {
    const { default: onnxProto } = await import('onnx-proto');
    const { ModelStore } = await import('./models/model-store.js');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-extra-run-'));
    const proto = onnxProto.onnx.ModelProto.decode(await new ModelStore(TEST_MODELS_DIR).load('esrgan-slim-x4'));
    const rename = (n: string) => (n === 'input' ? 'pixels_in' : n === 'output' ? 'pixels_out' : n);
    for (const v of [...proto.graph!.input!, ...proto.graph!.output!]) v.name = rename(v.name!);
    for (const node of proto.graph!.node!) {
      node.input = node.input!.map(rename);
      node.output = node.output!.map(rename);
    }
    await writeFile(path.join(dir, 'renders-x4.onnx'), onnxProto.onnx.ModelProto.encode(proto).finish());
    await writeFile(path.join(dir, 'renders-x4.json'), JSON.stringify({ inputRange: [0, 255] }));
    return dir;
  }

  it('runs a named extra model with its own tensor names, down to a smaller scale, and refuses a larger one', async () => {
    const dir = await extraModelDir();
    const withExtra = createEngine({ modelsDir: TEST_MODELS_DIR, extraModelsDir: dir, threads: 1, tileSize: 64 });
    try {
      const input = await png(20, 14);
      const extra = await withExtra.enhance(input, { scale: 4, mode: 'precision', model: 'renders-x4' });
      const builtin = await withExtra.enhance(input, { scale: 4, mode: 'precision', model: 'esrgan-slim-x4' });
      expect(extra.model).toBe('renders-x4');
      expect([extra.width, extra.height]).toEqual([80, 56]);
      // same weights, other names: the same bytes
      expect(Buffer.compare(extra.data, builtin.data)).toBe(0);
      // and not what the mode's own model makes
      const own = await withExtra.enhance(input, { scale: 4, mode: 'precision' });
      expect(Buffer.compare(extra.data, own.data)).not.toBe(0);

      const half = await withExtra.enhance(input, { scale: 2, mode: 'precision', model: 'renders-x4' });
      expect([half.width, half.height, half.model]).toEqual([40, 28, 'renders-x4']);

      await expect(withExtra.enhance(input, { scale: 6, mode: 'precision', model: 'renders-x4' })).rejects.toMatchObject({ code: 'UNSUPPORTED_INPUT' });
      await expect(withExtra.enhance(input, { scale: 2, mode: 'precision', model: 'no-such-model' })).rejects.toMatchObject({ code: 'MODEL_NOT_FOUND' });
    } finally {
      await withExtra.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
