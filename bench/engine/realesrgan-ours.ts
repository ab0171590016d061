/**
 * One Real-ESRGAN run through our engine path, as its own process so that the benchmark measures its wall time and
 * peak RSS the same way as upscayl-bin's: `realesrgan-ours.ts <model> <in.png> <out.png> <tile> <margin>`.
 */
import sharp from 'sharp';
import { ModelStore } from '@engine/models/model-store.js';
import { SessionCache } from '@engine/session-cache.js';
import { upscaleTiled } from '@engine/tiled-inference.js';
import { BENCH_MODELS_DIR } from './common.js';

const [model, input, output, tile, margin] = process.argv.slice(2);
const sessions = new SessionCache(new ModelStore(BENCH_MODELS_DIR));
const run = await sessions.tileModel(model);
const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const started = performance.now();
const out = await upscaleTiled(
  { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
  { model: run, modelScale: 4, outScale: 4, inputRange: [0, 1], tileSize: Number(tile), margin: Number(margin) },
);
const inferenceMs = performance.now() - started;
await sharp(Buffer.from(out.data), { raw: { width: out.width, height: out.height, channels: 3 } })
  .png()
  .toFile(output);
await sessions.close();
console.log(JSON.stringify({ inferenceMs }));
