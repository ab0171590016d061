import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from './index.js';
import { ModelStore } from './models/model-store.js';
import { findPackage, REALESRGAN_PACKAGE } from './models/registry.js';
import { planMode, PRECISION_MIX_MODEL } from './modes.js';
import { SessionCache } from './session-cache.js';
import { TEST_MODELS_DIR } from './test-models.js';
import { upscaleTiled, type Flip, type Pixels } from './tiled-inference.js';
import { planWindow } from './tiling.js';

const hasGan = !!findPackage(REALESRGAN_PACKAGE);
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A render crop as pixels. */
async function renderCrop(file: string, left: number, top: number, width: number, height: number): Promise<Pixels> {
  const { data } = await sharp(`bench/renders/${file}`).extract({ left, top, width, height }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width, height, channels: 3 };
}
const png = (p: Pixels) =>
  sharp(Buffer.from(p.data), { raw: { width: p.width, height: p.height, channels: 3 } })
    .png()
    .toBuffer();
const raw = async (buf: Buffer) => new Uint8Array(await sharp(buf).raw().toBuffer());
const psnr = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (se / a.length));
};

/** An engine that cannot find the optional package: Precision is the faithful network alone (the fallback's
 * bytes are checked in `creativity.test.ts`). */
async function engineWithoutPackage() {
  const empty = await mkdtemp(path.join(os.tmpdir(), 'rl-nopkg-'));
  dirs.push(empty);
  return createEngine({
    modelsDir: TEST_MODELS_DIR,
    threads: 1,
    tileSize: 64,
    packageLookup: (pkg) => (pkg === REALESRGAN_PACKAGE ? empty : findPackage(pkg)),
  });
}

describe.skipIf(!hasGan)('Precision mixed with Real-ESRGAN x4fast', () => {
  const engine = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
  const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 1 });
  afterAll(() => Promise.all([engine.close(), sessions.close()]));
  /** Precision's faithful pass at ×2 as the engine runs it: medium with its sharpening, 16 px margins. */
  const faithfulX2 = async () => ({
    model: await sessions.tileModel('esrgan-medium-x2'),
    modelScale: 2,
    outScale: 2,
    inputRange: [0, 255] as [number, number],
    margin: 16,
    filter: planMode('precision', {}, { scale: 2 }).filter!(2),
  });

  it('is the faithful network and its filter mixed with x4fast per tile: the same bytes as that mix run directly', async () => {
    const src = await renderCrop('11-facade-closeup-brick.png', 900, 700, 90, 60);
    // at ×2 the mix is what precision above 95 adds; at its preset (90) Precision ×2 is the faithful network alone
    expect((await engine.enhance(await png(src), { scale: 2, mode: 'precision' })).model).toBe('esrgan-medium-x2');
    const r = await engine.enhance(await png(src), { scale: 2, mode: 'precision', params: { precision: 100 } });
    expect(r.model).toBe(`esrgan-medium-x2+ensemble2+${PRECISION_MIX_MODEL}·0.3`);
    // the engine's windows: at most 64² px, shaped to the crop
    const win = planWindow(src.width, src.height, 64 * 64, 16);
    const base = { ...(await faithfulX2()), tileSize: win.width, tileHeight: win.height, flips: ['none', 'h'] as Flip[] };
    const fast = { model: await sessions.tileModel(PRECISION_MIX_MODEL), modelScale: 4, inputRange: [0, 1] as [number, number], weight: 0.3 };
    const direct = await upscaleTiled(src, { ...base, blends: [fast] });
    expect(Buffer.compare(Buffer.from(await raw(r.data)), Buffer.from(direct.data))).toBe(0);
    const alone = await upscaleTiled(src, base);
    let differ = 0;
    for (let i = 0; i < alone.data.length; i++) if (alone.data[i] !== direct.data[i]) differ++;
    expect(differ / alone.data.length).toBeGreaterThan(0.5);
    // every scale names its mix: 0.3 up to ×4, 0.2 at ×6 (x4fast's ×4 brought up)
    const small = await png(await renderCrop('11-facade-closeup-brick.png', 900, 700, 24, 20));
    expect((await engine.enhance(small, { scale: 4, mode: 'precision' })).model).toBe(`esrgan-thick-x4+${PRECISION_MIX_MODEL}·0.3`);
    expect((await engine.enhance(small, { scale: 6, mode: 'precision' })).model).toBe(`esrgan-thick-x8+${PRECISION_MIX_MODEL}·0.2`);
  }, 120_000);

  it('scores higher PSNR than the faithful network alone on render crops bicubic-downscaled ×2 (precision 100) and ×4', async () => {
    const bare = await engineWithoutPackage();
    const crops = [
      ['02-modern-wooden-house.png', 700, 500],
      ['05-kitchen-tiles.png', 900, 600],
      ['11-facade-closeup-brick.png', 800, 600],
    ] as const;
    for (const scale of [2, 4] as const) {
      let gain = 0;
      for (const [file, left, top] of crops) {
        const hr = await renderCrop(file, left, top, 144, 96);
        const lr = await sharp(await png(hr))
          .resize(144 / scale, 96 / scale, { kernel: 'cubic' })
          .png()
          .toBuffer();
        const mixed = await engine.enhance(lr, { scale, mode: 'precision', params: { precision: 100 } });
        const alone = await bare.enhance(lr, { scale, mode: 'precision', params: { precision: 100 } });
        expect(alone.model).not.toContain(PRECISION_MIX_MODEL);
        gain += (psnr(await raw(mixed.data), hr.data) - psnr(await raw(alone.data), hr.data)) / crops.length;
      }
      expect(gain, `×${scale}`).toBeGreaterThan(0.15);
    }
    await bare.close();
  }, 300_000);

  it('tiles at the default 16 px margins equal the untiled mix within 2 levels', async () => {
    const src = await renderCrop('11-facade-closeup-brick.png', 900, 700, 230, 40);
    const base = {
      ...(await faithfulX2()),
      blends: [{ model: await sessions.tileModel(PRECISION_MIX_MODEL), modelScale: 4, inputRange: [0, 1] as [number, number], weight: 0.3 }],
    };
    const whole = await upscaleTiled(src, { ...base, tileSize: 512 });
    let tiles = 0;
    const tiled = await upscaleTiled(src, { ...base, tileSize: 64, onTile: (_, total) => (tiles = total) });
    expect(tiles).toBeGreaterThan(4);
    let max = 0;
    for (let i = 0; i < whole.data.length; i++) max = Math.max(max, Math.abs(whole.data[i] - tiled.data[i]));
    expect(max).toBeLessThanOrEqual(2);
  }, 120_000);
});
