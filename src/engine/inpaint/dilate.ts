/** `mask` (1 = set) grown by `radius` pixels in every direction, a square: each row, then each column. */
export function dilate(mask: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const tmp = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    let last = -Infinity;
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        last = x;
      } else if (x - last <= radius) tmp[y * w + x] = 1;
    last = Infinity;
    for (let x = w - 1; x >= 0; x--) {
      if (mask[y * w + x]) {
        last = x;
        tmp[y * w + x] = 1;
      } else if (last - x <= radius) tmp[y * w + x] = 1;
    }
  }
  for (let x = 0; x < w; x++) {
    let last = -Infinity;
    for (let y = 0; y < h; y++)
      if (tmp[y * w + x]) {
        last = y;
        out[y * w + x] = 1;
      } else if (y - last <= radius) out[y * w + x] = 1;
    last = Infinity;
    for (let y = h - 1; y >= 0; y--)
      if (tmp[y * w + x]) last = y;
      else if (last - y <= radius) out[y * w + x] = 1;
  }
  return out;
}
