import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../index.js';
import { TEST_MODELS_DIR } from '../test-models.js';
import { CONVERTER_VERSION } from './convert-to-onnx.js';
import { int8PartOf, ModelStore, sha256, versionOf } from './model-store.js';
import { endConvolutions, FLOAT_TAIL, QUANTISER_VERSION, quantiseModel, quantisedTensors, type Int8Recipe } from './quantise.js';
import { findPackage, INT8_RECIPES_DIR, REALESRGAN_PACKAGE } from './registry.js';

const opTypes = (bytes: Uint8Array) => new Set(onnxProto.onnx.ModelProto.decode(bytes).graph!.node!.map((n) => n.opType));

function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (se / a.length));
}

const hasGan = !!findPackage(REALESRGAN_PACKAGE);

describe('int8 networks', { timeout: 300_000 }, () => {
  const store = new ModelStore(TEST_MODELS_DIR);
  const temp: string[] = [];
  afterAll(async () => {
    await Promise.all(temp.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('every recipe fits the network the converter makes today: its version, its end convolutions, a range for every tensor', async () => {
    const files = (await readdir(INT8_RECIPES_DIR)).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(['esrgan-medium-x4.json', 'esrgan-thick-x3.json', 'esrgan-thick-x4.json', 'esrgan-thick-x8.json', 'realesrgan-x4plus.json']);
    for (const file of files) {
      const name = file.replace(/\.json$/, '');
      // Real-ESRGAN's weights come from an optional package
      if (name.startsWith('realesrgan-') && !hasGan) continue;
      const recipe = JSON.parse(await readFile(path.join(INT8_RECIPES_DIR, file), 'utf8')) as Int8Recipe;
      const spec = await store.get(name);
      // a network that runs in parts has its body's recipe
      const float = await store.load(name, { part: int8PartOf(spec) });
      expect(spec.int8Recipe).toBe(path.join(INT8_RECIPES_DIR, file));
      expect(recipe.converterVersion).toBe(versionOf(spec));
      expect(recipe.keepFloat).toEqual(endConvolutions(float, FLOAT_TAIL));
      for (const tensor of quantisedTensors(float, recipe.keepFloat)) expect(recipe.ranges[tensor], `${name}: ${tensor}`).toBeDefined();
    }
  });

  it('loads the int8 form of a network with a recipe, made once and stamped; float for a network without one', async () => {
    const int8 = await store.load('esrgan-thick-x4', { int8: true });
    expect(opTypes(int8).has('QuantizeLinear')).toBe(true);
    expect(opTypes(await store.load('esrgan-thick-x4')).has('QuantizeLinear')).toBe(false);
    const stamp = JSON.parse(await readFile(path.join(TEST_MODELS_DIR, 'esrgan-thick-x4.int8.onnx.json'), 'utf8'));
    expect(stamp.quantiserVersion).toBe(QUANTISER_VERSION);
    expect(stamp.recipe).toBe(sha256(await readFile(path.join(INT8_RECIPES_DIR, 'esrgan-thick-x4.json'))));
    expect(Buffer.compare(Buffer.from(await store.load('esrgan-thick-x4', { int8: true })), Buffer.from(int8))).toBe(0);
    // Real-ESRGAN x4plus runs in parts: its body comes in int8, its head stays float
    if (hasGan) {
      expect(opTypes(await store.load('realesrgan-x4plus', { int8: true, part: 'body' })).has('QuantizeLinear')).toBe(true);
      expect(opTypes(await store.load('realesrgan-x4plus', { int8: true, part: 'head' })).has('QuantizeLinear')).toBe(false);
      expect(opTypes(await store.load('realesrgan-x4plus', { part: 'body' })).has('QuantizeLinear')).toBe(false);
    }
    // medium ×2 loses 0.12 dB in int8 (docs/engine.md): it has no recipe and stays float
    const medium = await store.load('esrgan-medium-x2', { int8: true });
    expect(Buffer.compare(Buffer.from(medium), Buffer.from(await store.load('esrgan-medium-x2')))).toBe(0);
  });

  it('refuses a recipe read on another converter version rather than quantising with the wrong ranges', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'renderlift-int8-'));
    temp.push(dir);
    await store.load('esrgan-thick-x3');
    for (const f of ['esrgan-thick-x3.onnx', 'esrgan-thick-x3.onnx.json']) await copyFile(path.join(TEST_MODELS_DIR, f), path.join(dir, f));
    const recipe = JSON.parse(await readFile(path.join(INT8_RECIPES_DIR, 'esrgan-thick-x3.json'), 'utf8')) as Int8Recipe;
    await writeFile(path.join(dir, 'old-recipe.json'), JSON.stringify({ ...recipe, converterVersion: CONVERTER_VERSION - 1 }));
    const other = new ModelStore(dir);
    (await other.get('esrgan-thick-x3')).int8Recipe = path.join(dir, 'old-recipe.json');
    await expect(other.load('esrgan-thick-x3', { int8: true })).rejects.toThrow(/read on converter version/);
    await expect(readFile(path.join(dir, 'esrgan-thick-x3.int8.onnx'))).rejects.toThrow();
    // the float network is still there and loads
    expect(opTypes(await other.load('esrgan-thick-x3')).has('Conv')).toBe(true);
  });

  it('Precision ×4 in int8 agrees with float on a render within 40 dB, and differs from it', async () => {
    const { data, info } = await sharp('bench/renders/04-interior-living-room.png')
      .extract({ left: 300, top: 200, width: 64, height: 48 })
      .png()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(64);
    const float = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, int8: false });
    const int8 = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, int8: true });
    try {
      const [a, b] = [await float.enhance(data, { scale: 4, mode: 'precision' }), await int8.enhance(data, { scale: 4, mode: 'precision' })];
      const [ra, rb] = await Promise.all([a, b].map((r) => sharp(r.data).raw().toBuffer()));
      expect(ra.length).toBe(256 * 192 * 3);
      expect(Buffer.compare(ra, rb)).not.toBe(0);
      expect(psnr(ra, rb)).toBeGreaterThan(40);
    } finally {
      await float.close();
      await int8.close();
    }
  });

  it.skipIf(!hasGan)("Creativity ×2 with x4plus's body in int8 agrees with the float one within 40 dB, and differs from it", async () => {
    const { data } = await sharp('bench/renders/11-facade-closeup-brick.png')
      .extract({ left: 400, top: 300, width: 64, height: 48 })
      .png()
      .toBuffer({ resolveWithObject: true });
    const float = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, int8: false });
    const int8 = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, int8: true });
    try {
      // above 95 Creativity runs x4plus
      const options = { scale: 2, mode: 'creativity', params: { creativity: 100 } } as const;
      const [a, b] = [await float.enhance(data, options), await int8.enhance(data, options)];
      expect(a.model).toContain('realesrgan-x4plus');
      expect(b.model).toBe(a.model);
      const [ra, rb] = await Promise.all([a, b].map((r) => sharp(r.data).raw().toBuffer()));
      expect(ra.length).toBe(128 * 96 * 3);
      expect(Buffer.compare(ra, rb)).not.toBe(0);
      expect(psnr(ra, rb)).toBeGreaterThan(40);
    } finally {
      await float.close();
      await int8.close();
    }
  });

  it('a recipe quantises only what it names: the first and last convolutions stay float', async () => {
    const float = await store.load('esrgan-thick-x8');
    const recipe = JSON.parse(await readFile(path.join(INT8_RECIPES_DIR, 'esrgan-thick-x8.json'), 'utf8')) as Int8Recipe;
    const graph = onnxProto.onnx.ModelProto.decode(quantiseModel(float, recipe)).graph!;
    const convs = graph.node!.filter((n) => n.opType === 'Conv');
    for (const end of recipe.keepFloat) expect(convs.find((n) => n.name === end)!.input![1]).not.toMatch(/\.w8$/);
    expect(convs.filter((n) => n.input![1].endsWith('.w8'))).toHaveLength(convs.length - recipe.keepFloat.length);
  });
});
