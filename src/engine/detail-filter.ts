/**
 * A separable Gaussian of σ `sigma` (taps to 3σ, edges clamped) over each plane of `src`. Each output value is the
 * same double-precision sum, in the same tap order, as a plain per-pixel loop: the rows' interiors run without
 * clamping, and the column pass adds whole rows into a double-precision row.
 */
export function gaussianBlurPlanar(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const taps = 2 * radius + 1;
  const k = new Float32Array(taps);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const e = Math.exp(-(i * i) / (2 * sigma * sigma));
    sum += e;
    k[i + radius] = e;
  }
  for (let i = 0; i < taps; i++) k[i] /= sum;
  const planes = src.length / (width * height);
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(src.length);
  const acc = new Float64Array(width);
  const inner0 = Math.min(radius, width);
  const inner1 = Math.max(inner0, width - radius);
  for (let c = 0; c < planes; c++) {
    const p = c * width * height;
    for (let y = 0; y < height; y++) {
      const row = p + y * width;
      const to = y * width;
      for (let x = 0; x < width; x++) {
        if (x === inner0) x = inner1;
        if (x >= width) break;
        let a = 0;
        for (let i = -radius; i <= radius; i++) {
          const xx = x + i < 0 ? 0 : x + i >= width ? width - 1 : x + i;
          a += k[i + radius] * src[row + xx];
        }
        tmp[to + x] = a;
      }
      for (let x = inner0; x < inner1; x++) {
        let a = 0;
        const base = row + x - radius;
        for (let t = 0; t < taps; t++) a += k[t] * src[base + t];
        tmp[to + x] = a;
      }
    }
    for (let y = 0; y < height; y++) {
      acc.fill(0);
      for (let i = -radius; i <= radius; i++) {
        const yy = y + i < 0 ? 0 : y + i >= height ? height - 1 : y + i;
        const w = k[i + radius];
        const from = yy * width;
        for (let x = 0; x < width; x++) acc[x] += w * tmp[from + x];
      }
      const to = p + y * width;
      for (let x = 0; x < width; x++) out[to + x] = acc[x];
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
