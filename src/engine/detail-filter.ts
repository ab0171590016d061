/** Gaussian blur of each plane of a planar float image, edges clamped. */
export function gaussianBlurPlanar(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += k[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  const planes = src.length / (width * height);
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(src.length);
  for (let c = 0; c < planes; c++) {
    const p = c * width * height;
    for (let y = 0; y < height; y++) {
      const row = p + y * width;
      for (let x = 0; x < width; x++) {
        let acc = 0;
        for (let i = -radius; i <= radius; i++) {
          const xx = x + i < 0 ? 0 : x + i >= width ? width - 1 : x + i;
          acc += k[i + radius] * src[row + xx];
        }
        tmp[y * width + x] = acc;
      }
    }
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let acc = 0;
        for (let i = -radius; i <= radius; i++) {
          const yy = y + i < 0 ? 0 : y + i >= height ? height - 1 : y + i;
          acc += k[i + radius] * tmp[yy * width + x];
        }
        out[p + y * width + x] = acc;
      }
  }
  return out;
}

/**
 * Unsharp mask in place: x + amount · (x − blur_σ(x)). The difference is limited to ±`limit` so
 * strong edges do not ring; flat areas and fine texture get the full boost.
 */
export function unsharpInPlace(tile: Float32Array, width: number, height: number, sigma: number, amount: number, limit: number): void {
  if (amount <= 0) return;
  const blurred = gaussianBlurPlanar(tile, width, height, sigma);
  for (let i = 0; i < tile.length; i++) {
    let d = tile[i] - blurred[i];
    d = d > limit ? limit : d < -limit ? -limit : d;
    tile[i] += amount * d;
  }
}
