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

async function compare(ctx: { skip: () => void }, model: string, render: string, left: number, top: number) {
  const ref = await referenceEngine(work, findPackage(REALESRGAN_PACKAGE));
  if (!ref.ok) {
    console.log(`upscayl fidelity skipped: ${ref.reason}`);
    ctx.skip();
    return undefined;
  }
  const input = path.join(work, `${path.basename(render, '.png')}-${left}-${top}.png`);
  await sharp(`bench/renders/${render}`).extract({ left, top, width: 48, height: 48 }).removeAlpha().png().toFile(input);
  const theirs = ref.run(input, model, 48); // one tile, as ours runs it
  const reference = new Uint8Array(await sharp(theirs).removeAlpha().raw().toBuffer());

  const { data, info } = await sharp(input).raw().toBuffer({ resolveWithObject: true });
  const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 2 });
  const ours = await upscaleTiled(
    { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
    { model: await sessions.tileModel(model), modelScale: 4, outScale: 4, inputRange: [0, 1], tileSize: 512, margin: 16 },
  );
  await sessions.close();
  expect(reference.length).toBe(ours.data.length);
  const a = agreement(ours.data as Uint8Array, reference);
  console.log(
    `${model} vs upscayl-bin on ${render}: ${a.all.toFixed(2)} dB over all values, ${a.intact.toFixed(2)} dB where the reference is intact (${(100 * a.brokenShare).toFixed(2)} % of pixels broken)`,
  );
  return a;
}

describe('Real-ESRGAN fidelity against upscayl-bin', () => {
  it('x4plus on a render crop where the reference is intact: ≥ 40 dB over all values', async (ctx) => {
    const a = await compare(ctx, 'realesrgan-x4plus', '02-modern-wooden-house.png', 1000, 744);
    if (!a) return;
    expect(a.brokenShare).toBe(0);
    expect(a.all).toBeGreaterThanOrEqual(40);
  }, 600_000);

  // On llvmpipe, upscayl-bin runs ncnn with fp16 arithmetic and turns about 1 % of the pixels of dark areas into
  // saturated speckles: on this crop 26.5 dB over all values, 38.3 dB over the intact pixels (docs/engine.md).
  it('x4plus on a dark crop: ≥ 37 dB where the reference is intact, and the reference intact almost everywhere', async (ctx) => {
    const a = await compare(ctx, 'realesrgan-x4plus', '11-facade-closeup-brick.png', 992, 736);
    if (!a) return;
    expect(a.intact).toBeGreaterThanOrEqual(37);
    expect(a.brokenShare).toBeLessThan(0.03);
  }, 600_000);
});
