/**
 * One Real-ESRGAN run through our engine path, as its own process so that the benchmark measures its wall time and
 * peak RSS the same way as upscayl-bin's: `realesrgan-ours.ts <model> <in.png> <out.png> <tile> <margin>`. Windows
 * of at most tile² pixels, shaped to the image as the engine shapes x4plus's (`planWindow`): upscayl-bin's tiles are
 * `tile` px with a smaller last one, where equal windows of `tile` px would overlap far more than that on a crop
 * just over one tile (a 256² crop in 220² windows: three times the crop's pixels).
 */
import sharp from 'sharp';
import { ModelStore } from '@engine/models/model-store.js';
import { SessionCache } from '@engine/session-cache.js';
import { upscaleTiled } from '@engine/tiled-inference.js';
import { planWindow } from '@engine/tiling.js';
import { BENCH_MODELS_DIR } from './common.js';

const [model, input, output, tile, margin] = process.argv.slice(2);
const sessions = new SessionCache(new ModelStore(BENCH_MODELS_DIR));
const run = await sessions.tileModel(model);
const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const started = performance.now();
const window = planWindow(info.width, info.height, Number(tile) ** 2, Number(margin));
const out = await upscaleTiled(
  { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
  { model: run, modelScale: 4, outScale: 4, inputRange: [0, 1], tileSize: window.width, tileHeight: window.height, margin: Number(margin) },
);
const inferenceMs = performance.now() - started;
await sharp(Buffer.from(out.data), { raw: { width: out.width, height: out.height, channels: 3 } })
  .png()
  .toFile(output);
await sessions.close();
console.log(JSON.stringify({ inferenceMs }));
