import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_MODELS_DIR } from '../test-models.js';
import { SessionCache } from '../session-cache.js';
import { ModelStore } from './model-store.js';
import { findPackage, REALESRGAN_PACKAGE } from './registry.js';
import { upscaleTiled } from '../tiled-inference.js';
import { agreement, referenceEngine } from './upscayl-reference.js';

/**
 * Our ONNX conversion of Real-ESRGAN against upscayl-bin, the ncnn/Vulkan engine Upscayl runs the same weights
 * with, here on the CPU through Mesa's software Vulkan (llvmpipe). Skipped, saying why, only where Vulkan cannot start.
 */
const work = mkdtempSync(path.join(os.tmpdir(), 'rl-upscayl-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('Real-ESRGAN fidelity against upscayl-bin', () => {
  // The goal is 40 dB over all values. On llvmpipe, upscayl-bin runs ncnn with fp16 arithmetic and breaks
  // about 1 % of the pixels (saturated speckles in dark areas): 26.5 dB over all values, 38.3 dB over the intact
  // ones on this crop (40.6 dB on another). The bound below holds that measurement.
  it('x4plus on a render crop: ≥ 37 dB where the reference is intact, and the reference intact almost everywhere', async (ctx) => {
    const ref = await referenceEngine(work, findPackage(REALESRGAN_PACKAGE));
    if (!ref.ok) {
      console.log(`upscayl fidelity skipped: ${ref.reason}`);
      ctx.skip();
      return;
    }
    const input = path.join(work, 'in.png');
    await sharp('bench/renders/11-facade-closeup-brick.png').extract({ left: 992, top: 736, width: 48, height: 48 }).removeAlpha().png().toFile(input);
    const theirs = ref.run(input, 'realesrgan-x4plus', 48); // one tile, as ours runs it
    const reference = new Uint8Array(await sharp(theirs).removeAlpha().raw().toBuffer());

    const { data, info } = await sharp(input).raw().toBuffer({ resolveWithObject: true });
    const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 2 });
    const ours = await upscaleTiled(
      { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
      { model: await sessions.tileModel('realesrgan-x4plus'), modelScale: 4, outScale: 4, inputRange: [0, 1], tileSize: 512, margin: 16 },
    );
    await sessions.close();
    expect(reference.length).toBe(ours.data.length);

    const a = agreement(ours.data as Uint8Array, reference);
    console.log(`x4plus vs upscayl-bin: ${a.all.toFixed(2)} dB over all values, ${a.intact.toFixed(2)} dB where the reference is intact (${(100 * a.brokenShare).toFixed(2)} % of pixels broken)`);
    expect(a.intact).toBeGreaterThanOrEqual(37);
    expect(a.brokenShare).toBeLessThan(0.03);
  }, 600_000);
});
