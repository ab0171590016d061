import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_MODELS_DIR } from '../test-models.js';
import { convertLayersModel } from './convert-to-onnx.js';
import { ModelStore } from './model-store.js';
import { builtinModels } from './registry.js';
import { loadTfModel, useTfBackend } from './tfjs-reference.js';
import { readLayersModel } from './tfjs-layers.js';

function testImage(w: number, h: number, hi: number): Float32Array {
  const rgb = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      rgb[i] = ((x * 17 + y * 5) % 256) / 255;
      rgb[i + 1] = ((x * y * 3 + 40) % 256) / 255;
      rgb[i + 2] = (x + y) % 7 < 3 ? 0.9 : 0.1;
    }
  return rgb.map((v) => v * hi);
}

async function runOrt(bytes: Uint8Array, nhwc: Float32Array, w: number, h: number): Promise<Float32Array> {
  const nchw = new Float32Array(nhwc.length);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) nchw[c * w * h + i] = nhwc[i * 3 + c];
  const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1 });
  const out = (await session.run({ input: new ort.Tensor('float32', nchw, [1, 3, h, w]) })).output;
  await session.release();
  const [, , oh, ow] = out.dims;
  const data = out.data as Float32Array;
  const nhwcOut = new Float32Array(data.length);
  for (let i = 0; i < oh * ow; i++) for (let c = 0; c < 3; c++) nhwcOut[i * 3 + c] = data[c * oh * ow + i];
  return nhwcOut;
}

/** Largest difference after both outputs are clipped and quantised to 8 bits, as the engine does. */
function maxLevelDiff(a: Float32Array, b: Float32Array, hi: number): number {
  let max = 0;
  const q = (v: number) => Math.round(Math.min(1, Math.max(0, v / hi)) * 255);
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(q(a[i]) - q(b[i])));
  return max;
}

describe('converter fidelity: onnxruntime vs TensorFlow.js on the same weights', () => {
  const cases: [string, number, number][] = [
    ['slim', 2, 20],
    ['medium', 3, 16],
    ['slim', 8, 10],
    ['thick', 4, 10],
  ];
  for (const [family, scale, size] of cases) {
    it(`${family} ×${scale} agrees within 1 level`, async () => {
      await useTfBackend('wasm');
      const dir = builtinModels().find((m) => m.family === family && m.scale === scale)!.source;
      if (dir.kind !== 'npm') throw new Error('expected an npm model');
      const hi = family === 'thick' ? 1 : 255;
      const input = testImage(size, size - 2, hi);
      const tfModel = await loadTfModel(family, scale, dir.dir);
      const expected = await tfModel.predict(input, size, size - 2);
      tfModel.dispose();
      const actual = await runOrt(convertLayersModel(await readLayersModel(dir.dir)), input, size, size - 2);
      expect(actual.length).toBe(size * (size - 2) * scale * scale * 3);
      expect(maxLevelDiff(actual, expected, hi)).toBeLessThanOrEqual(1);
    });
  }

  it('fused sub-pixel convolution equals nearest upsampling + convolution', async () => {
    const model = await readLayersModel((builtinModels().find((m) => m.name === 'esrgan-medium-x4')!.source as { dir: string }).dir);
    const input = testImage(12, 9, 255);
    const fused = await runOrt(convertLayersModel(model, { fuseUpsampling: true }), input, 12, 9);
    const plain = await runOrt(convertLayersModel(model, { fuseUpsampling: false }), input, 12, 9);
    let max = 0;
    for (let i = 0; i < fused.length; i++) max = Math.max(max, Math.abs(fused[i] - plain[i]));
    expect(max).toBeLessThan(0.05);
  });
});

describe('model store', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('converts atomically with a checksum stamp and reconverts a corrupted file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-store-'));
    dirs.push(dir);
    const store = new ModelStore(dir);
    const bytes = await store.load('esrgan-slim-x2');
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['esrgan-slim-x2.onnx', 'esrgan-slim-x2.onnx.json']);
    const stamp = JSON.parse(await readFile(path.join(dir, 'esrgan-slim-x2.onnx.json'), 'utf8'));
    expect(stamp.sha256).toMatch(/^[0-9a-f]{64}$/);

    await writeFile(path.join(dir, 'esrgan-slim-x2.onnx'), bytes.subarray(0, 1000));
    const again = await new ModelStore(dir).load('esrgan-slim-x2');
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes))).toBe(0);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('lists every family at ×2 ×3 ×4 ×8 and picks up extra ONNX models with their range', async () => {
    const extra = await mkdtemp(path.join(os.tmpdir(), 'rl-extra-'));
    dirs.push(extra);
    await writeFile(path.join(extra, 'renders-x4.onnx'), await new ModelStore(TEST_MODELS_DIR).load('esrgan-slim-x4'));
    await writeFile(path.join(extra, 'renders-x4.json'), JSON.stringify({ inputRange: [0, 255] }));
    const list = await new ModelStore(TEST_MODELS_DIR, extra).list();
    expect(list.filter((m) => m.family !== 'extra' && m.family !== 'realesrgan').map((m) => m.name)).toHaveLength(12);
    expect(list.find((m) => m.name === 'renders-x4')).toMatchObject({ family: 'extra', scale: 4, inputRange: [0, 255] });
    expect(list.find((m) => m.name === 'esrgan-thick-x8')).toMatchObject({ family: 'thick', scale: 8, inputRange: [0, 1] });
  });
});
