/**
 * Width, height and layout of a Windows bitmap from its headers alone. libvips has no BMP loader, so this is
 * what checks a BMP upload before anything decodes it: the pixel cap is applied to these numbers, and a file
 * shorter than its pixel rows is refused as truncated. Accepts what the engine's decoder reads (uncompressed
 * 1/4/8/16/24/32-bit, BI_RGB and BI_BITFIELDS).
 */
export interface BmpHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  compression: number;
  dataOffset: number;
  rowBytes: number;
}

export type BmpProblem = { problem: 'corrupt' } | { problem: 'compressed' } | { problem: 'depth'; bitsPerPixel: number };

const DIB_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

export function readBmpHeader(buf: Uint8Array): BmpHeader | BmpProblem {
  if (buf.length < 26 || buf[0] !== 0x42 || buf[1] !== 0x4d) return { problem: 'corrupt' };
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const dataOffset = dv.getUint32(10, true);
  const headerSize = dv.getUint32(14, true);
  if (!DIB_HEADER_SIZES.has(headerSize) || 14 + headerSize > buf.length) return { problem: 'corrupt' };
  let width: number, height: number, planes: number, bitsPerPixel: number, compression = 0;
  if (headerSize === 12) {
    width = dv.getUint16(18, true);
    height = dv.getInt16(20, true);
    planes = dv.getUint16(22, true);
    bitsPerPixel = dv.getUint16(24, true);
  } else {
    width = dv.getInt32(18, true);
    height = dv.getInt32(22, true);
    planes = dv.getUint16(26, true);
    bitsPerPixel = dv.getUint16(28, true);
    compression = dv.getUint32(30, true);
  }
  height = Math.abs(height);
  if (planes !== 1 || width <= 0 || height <= 0) return { problem: 'corrupt' };
  // 1 = RLE8, 2 = RLE4, 4 = JPEG, 5 = PNG inside a BMP: none of them is read by the decoder
  if (compression !== 0 && compression !== 3 && compression !== 6) return { problem: 'compressed' };
  if (![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) return { problem: 'depth', bitsPerPixel };
  const rowBytes = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (dataOffset < 14 + headerSize || dataOffset + rowBytes * height > buf.length) return { problem: 'corrupt' };
  return { width, height, bitsPerPixel, compression, dataOffset, rowBytes };
}
