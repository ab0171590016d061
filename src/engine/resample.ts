/**
 * Separable Lanczos-3 resampling of planar float images, used to bring a model's native scale to the
 * requested one inside each tile (×8 → ×6) so no full-size intermediate is ever held.
 */
function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

interface Weights {
  first: Int32Array;
  count: number;
  w: Float32Array;
}

/**
 * Weights for target samples [dstFrom, dstTo) of an axis where target pixel X sits at source
 * coordinate (X + 0.5) / ratio - 0.5 - srcOffset; callers clamp source indices to the tile.
 */
function axisWeights(dstFrom: number, dstTo: number, ratio: number, srcOffset: number): Weights {
  const stretch = Math.max(1, 1 / ratio);
  const radius = 3 * stretch;
  const count = Math.ceil(radius) * 2 + 1;
  const n = dstTo - dstFrom;
  const first = new Int32Array(n);
  const w = new Float32Array(n * count);
  for (let i = 0; i < n; i++) {
    const center = (dstFrom + i + 0.5) / ratio - 0.5 - srcOffset;
    const start = Math.floor(center - radius) + 1;
    first[i] = start;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const v = lanczos3((start + k - center) / stretch);
      w[i * count + k] = v;
      sum += v;
    }
    for (let k = 0; k < count; k++) w[i * count + k] /= sum;
  }
  return { first, count, w };
}

/**
 * Resamples a planar [c][h][w] tile to the target region, returned planar [c][rows][cols].
 * `offsetX/Y` is where the tile's origin sits in the source coordinate frame of the whole image.
 */
export function resampleRegion(
  src: Float32Array,
  channels: number,
  srcW: number,
  srcH: number,
  ratio: number,
  offsetX: number,
  offsetY: number,
  dstX0: number,
  dstX1: number,
  dstY0: number,
  dstY1: number,
): Float32Array {
  const wx = axisWeights(dstX0, dstX1, ratio, offsetX);
  const wy = axisWeights(dstY0, dstY1, ratio, offsetY);
  const cols = dstX1 - dstX0;
  const rows = dstY1 - dstY0;
  const yMin = Math.max(0, wy.first[0]);
  const yMax = Math.min(srcH, wy.first[rows - 1] + wy.count);
  const mid = new Float32Array((yMax - yMin) * cols);
  const out = new Float32Array(channels * rows * cols);
  for (let c = 0; c < channels; c++) {
    const plane = c * srcW * srcH;
    for (let y = yMin; y < yMax; y++) {
      const row = plane + y * srcW;
      const m = (y - yMin) * cols;
      for (let i = 0; i < cols; i++) {
        let acc = 0;
        const f = wx.first[i];
        const base = i * wx.count;
        for (let k = 0; k < wx.count; k++) {
          let x = f + k;
          x = x < 0 ? 0 : x >= srcW ? srcW - 1 : x;
          acc += wx.w[base + k] * src[row + x];
        }
        mid[m + i] = acc;
      }
    }
    const o = c * rows * cols;
    for (let j = 0; j < rows; j++) {
      const f = wy.first[j];
      const base = j * wy.count;
      for (let i = 0; i < cols; i++) {
        let acc = 0;
        for (let k = 0; k < wy.count; k++) {
          let y = f + k;
          y = y < yMin ? yMin : y >= yMax ? yMax - 1 : y;
          acc += wy.w[base + k] * mid[(y - yMin) * cols + i];
        }
        out[o + j * cols + i] = acc;
      }
    }
  }
  return out;
}
