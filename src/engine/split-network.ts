import ort from 'onnxruntime-node';
import { throwIfAborted } from './errors.js';
import type { TileModel } from './tiled-inference.js';

/**
 * Feature rows of context on each side of a head strip. Real-ESRGAN x4plus's head (nearest ×2, a 3×3 convolution,
 * nearest ×2, three 3×3 convolutions) sees 1.25 low-resolution px each way, so 2 rows give the strip's own rows exactly
 * what the whole head would.
 */
export const HEAD_MARGIN = 2;

/**
 * Low-resolution pixels per head strip, context included: 128² makes ×4 tensors of 64 channels of 67 MB. The whole
 * head on a 256² window held 268 MB tensors and ran at half the speed per pixel (docs/engine.md, "Creativity's windows").
 */
export const HEAD_STRIP_AREA = 128 * 128;

/** Rows [from, to) of every channel of planar features [c][h][w], as a tensor [1, c, to − from, w]. */
function rows(features: Float32Array, c: number, h: number, w: number, from: number, to: number): ort.Tensor {
  const strip = new Float32Array(c * (to - from) * w);
  for (let k = 0; k < c; k++) strip.set(features.subarray((k * h + from) * w, (k * h + to) * w), k * (to - from) * w);
  return new ort.Tensor('float32', strip, [1, c, to - from, w]);
}

/**
 * A network that runs in two parts (`splitPoint`): the body on the whole tile, then the head on strips of the body's
 * features, each with `HEAD_MARGIN` rows of context, stitched into one output [3][h·s][w·s]. An abort is seen before the
 * body and before each strip.
 */
export function splitTileModel(body: ort.InferenceSession, head: ort.InferenceSession): TileModel {
  return async (tile, w, h, signal) => {
    throwIfAborted(signal);
    const input = new ort.Tensor('float32', tile, [1, 3, h, w]);
    const feats = (await body.run({ [body.inputNames[0]]: input }))[body.outputNames[0]];
    const [, c] = feats.dims;
    const features = feats.data as Float32Array;
    const step = Math.max(1, Math.floor(HEAD_STRIP_AREA / w) - 2 * HEAD_MARGIN);
    let out: Float32Array | undefined;
    let s = 0;
    for (let from = 0; from < h; from += step) {
      throwIfAborted(signal);
      const to = Math.min(h, from + step);
      const a = Math.max(0, from - HEAD_MARGIN);
      const b = Math.min(h, to + HEAD_MARGIN);
      const y = (await head.run({ [head.inputNames[0]]: rows(features, c, h, w, a, b) }))[head.outputNames[0]];
      s = y.dims[2] / (b - a);
      const W = w * s;
      out ??= new Float32Array(3 * h * s * W);
      const data = y.data as Float32Array;
      // this strip's own rows, without its context
      for (let k = 0; k < 3; k++) {
        const src = (k * (b - a) + (from - a)) * s * W;
        out.set(data.subarray(src, src + (to - from) * s * W), (k * h + from) * s * W);
      }
    }
    return out!;
  };
}
