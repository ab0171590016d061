import { describe, expect, it } from 'vitest';
import { ModelStore } from './models/model-store.js';
import { SessionCache } from './session-cache.js';
import { TEST_MODELS_DIR } from './test-models.js';
import { upscaleTiled, type Pixels } from './tiled-inference.js';

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

  for (const [name, modelScale, outScale] of [['esrgan-medium-x2', 2, 2], ['esrgan-slim-x8', 8, 6]] as const) {
    it(`${name} → ×${outScale}: tiles of 48 px with 16 px margins equal the untiled result within 1 level`, async () => {
      const model = await sessions.tileModel(name);
      const src = texture(70, 58);
      const base = { model, modelScale, outScale, inputRange: [0, 255] as [number, number], margin: 16 };
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
});
