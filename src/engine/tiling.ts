export interface AxisTile {
  /** Input window fed to the model: [start, start + size). */
  start: number;
  size: number;
  /** Part of the input this tile owns in the result: [from, to). */
  from: number;
  to: number;
}

/**
 * Splits one axis into equal windows of `tile` px (fewer only when the image is smaller) whose owned
 * parts meet at the middle of each overlap, so every owned pixel has at least `margin` px of real
 * context on each inner side. Equal windows let onnxruntime reuse its buffers from tile to tile.
 */
export function planAxis(length: number, tile: number, margin: number): AxisTile[] {
  if (tile <= 2 * margin) throw new Error('tile must be larger than twice the margin');
  if (length <= tile) return [{ start: 0, size: length, from: 0, to: length }];
  const step = tile - 2 * margin;
  const starts: number[] = [];
  for (let s = 0; ; s += step) {
    const start = Math.min(s, length - tile);
    starts.push(start);
    if (start + tile >= length) break;
  }
  return starts.map((start, i) => {
    const from = i === 0 ? 0 : Math.floor((starts[i - 1] + tile + start) / 2);
    const to = i === starts.length - 1 ? length : Math.floor((start + tile + starts[i + 1]) / 2);
    return { start, size: tile, from, to };
  });
}
