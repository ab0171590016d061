import { describe, expect, it } from 'vitest';
import { ModelStore } from './models/model-store.js';
import { planMode } from './modes.js';
import { SessionCache } from './session-cache.js';
import { TEST_MODELS_DIR } from './test-models.js';
import { upscaleTiled, type Pixels, type TileModel } from './tiled-inference.js';

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

describe('tiled inference', () => {
  const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 1 });

  // the default tile margin against the whole image: the fast models, thick (Precision and Creativity, the deepest
  // receptive field) and the per-tile post-filters of Detail and Creativity, which must be seamless too
  const cases: { name: string; modelScale: number; outScale: number; range: [number, number]; mode?: 'precision' | 'detail' | 'creativity' }[] = [
    { name: 'esrgan-medium-x2', modelScale: 2, outScale: 2, range: [0, 255], mode: 'precision' },
    { name: 'esrgan-slim-x8', modelScale: 8, outScale: 6, range: [0, 255] },
    { name: 'esrgan-medium-x3', modelScale: 3, outScale: 3, range: [0, 255], mode: 'detail' },
    { name: 'esrgan-thick-x4', modelScale: 4, outScale: 4, range: [0, 1] },
    { name: 'esrgan-thick-x2', modelScale: 2, outScale: 2, range: [0, 1], mode: 'creativity' },
  ];
  for (const { name, modelScale, outScale, range, mode } of cases) {
    it(`${name} → ×${outScale}${mode ? ` with ${mode}'s filters` : ''}: tiles of 48 px with 16 px margins equal the untiled result within 1 level`, async () => {
      const model = await sessions.tileModel(name);
      const src = texture(70, 58);
      const plan = mode ? planMode(mode, {}, { scale: outScale }) : undefined;
      const base = { model, modelScale, outScale, inputRange: range, margin: 16, filter: plan?.filter?.(modelScale), finish: plan?.finish?.(modelScale) };
      const whole = await upscaleTiled(src, { ...base, tileSize: 512 });
      let tilesSeen = 0;
      const tiled = await upscaleTiled(src, { ...base, tileSize: 48, onTile: (_, total) => (tilesSeen = total) });
      expect(tilesSeen).toBeGreaterThan(4);
      expect([tiled.width, tiled.height]).toEqual([70 * outScale, 58 * outScale]);
      let max = 0;
      for (let i = 0; i < whole.data.length; i++) max = Math.max(max, Math.abs(whole.data[i] - tiled.data[i]));
      expect(max).toBeLessThanOrEqual(1);
    });
  }

  it('stops between tiles when aborted', async () => {
    const model = await sessions.tileModel('esrgan-slim-x2');
    const controller = new AbortController();
    let done = 0;
    const run = upscaleTiled(texture(100, 100), {
      model,
      modelScale: 2,
      outScale: 2,
      inputRange: [0, 255],
      tileSize: 48,
      margin: 16,
      signal: controller.signal,
      onTile: (d) => {
        done = d;
        if (d === 2) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(done).toBe(2);
  });

  it('mixes blends in order, and a blend of weight 1 replaces everything before it, which is then not run', async () => {
    const calls: string[] = [];
    // networks of scale 1 whose output is one value everywhere, so the mix can be computed by hand
    const constant =
      (name: string, v: number): TileModel =>
      async (_tile, w, h) => {
        calls.push(name);
        return new Float32Array(3 * w * h).fill(v);
      };
    const blend = (name: string, v: number, weight: number) => ({ model: constant(name, v), modelScale: 1, inputRange: [0, 1] as [number, number], weight });
    const base = { model: constant('first', 0.2), modelScale: 1, outScale: 1, inputRange: [0, 1] as [number, number], tileSize: 64, margin: 0 };
    const src = texture(8, 8);
    const mixed = await upscaleTiled(src, { ...base, blends: [blend('a', 0.6, 0.5), blend('b', 1, 0.25)] });
    // (0.2 · 0.5 + 0.6 · 0.5) · 0.75 + 1 · 0.25 = 0.55
    expect(new Set(mixed.data)).toEqual(new Set([Math.round(0.55 * 255)]));
    expect(calls).toEqual(['first', 'a', 'b']);
    calls.length = 0;
    const replaced = await upscaleTiled(src, { ...base, blends: [blend('a', 0.6, 0.5), blend('b', 1, 1), blend('c', 0, 0.5), blend('d', 0.9, 0)] });
    // b replaces first and a; c is mixed in at half; d has no weight and is not run
    expect(new Set(replaced.data)).toEqual(new Set([Math.round(0.5 * 255)]));
    expect(calls).toEqual(['b', 'c']);
    calls.length = 0;
    // a texture-keeping blend of weight 1 needs what it mixes into: nothing before it is left out
    const keeping = await upscaleTiled(src, { ...base, blends: [blend('a', 0.6, 0.5), { ...blend('b', 1, 1), keepTexture: true }] });
    // flat tiles have no texture to keep: the tone is b's
    expect(new Set(keeping.data)).toEqual(new Set([255]));
    expect(calls).toEqual(['first', 'a', 'b']);
    calls.length = 0;
    // one network mixed in twice (x4fast in Precision's mix and as Creativity's) runs once per tile
    const twice = constant('x', 0.6);
    const again = await upscaleTiled(src, {
      ...base,
      blends: [
        { model: twice, modelScale: 1, inputRange: [0, 1], weight: 0.5 },
        { model: twice, modelScale: 1, inputRange: [0, 1], weight: 0.5, keepTexture: true },
      ],
    });
    // (0.2 · 0.5 + 0.6 · 0.5) · 0.5 + 0.6 · 0.5 = 0.5
    expect(new Set(again.data)).toEqual(new Set([Math.round(0.5 * 255)]));
    expect(calls).toEqual(['first', 'x']);
  });
});
