import { EngineError } from './errors.js';

export interface DecodedBmp {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

/**
 * Width, height and layout of a Windows bitmap from its headers alone: what an upload is checked against before
 * anything decodes it (the pixel cap applies to these numbers; a file shorter than its pixel rows is refused), and
 * what the decoder below reads by. Accepts what the decoder reads (uncompressed 1/4/8/16/24/32-bit, BI_RGB and
 * BI_BITFIELDS).
 */
export interface BmpHeader {
  width: number;
  /** Rows; `topDown` says in which order they are stored. */
  height: number;
  topDown: boolean;
  bitsPerPixel: number;
  compression: number;
  headerSize: number;
  /** Palette entries the file declares (0: the full 2^bitsPerPixel). */
  paletteSize: number;
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
  let width: number,
    height: number,
    planes: number,
    bitsPerPixel: number,
    compression = 0,
    paletteSize = 0;
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
    paletteSize = dv.getUint32(46, true);
  }
  const topDown = height < 0;
  height = Math.abs(height);
  if (planes !== 1 || width <= 0 || height <= 0) return { problem: 'corrupt' };
  // 1 = RLE8, 2 = RLE4, 4 = JPEG, 5 = PNG inside a BMP: none of them is read by the decoder
  if (compression !== 0 && compression !== 3 && compression !== 6) return { problem: 'compressed' };
  if (![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) return { problem: 'depth', bitsPerPixel };
  const rowBytes = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (dataOffset < 14 + headerSize || dataOffset + rowBytes * height > buf.length) return { problem: 'corrupt' };
  return { width, height, topDown, bitsPerPixel, compression, headerSize, paletteSize, dataOffset, rowBytes };
}

/**
 * Uncompressed Windows bitmaps (1/4/8-bit palette, 16/24/32-bit, BI_RGB and BI_BITFIELDS), which is what
 * render tools and browsers write. libvips has no BMP loader, hence this decoder.
 */
export function decodeBmp(buf: Uint8Array): DecodedBmp {
  const header = readBmpHeader(buf);
  if ('problem' in header) {
    if (header.problem === 'compressed') throw new EngineError('UNSUPPORTED_INPUT', 'Compressed (RLE) BMP files are not supported; please convert to PNG');
    if (header.problem === 'depth') throw new EngineError('UNSUPPORTED_INPUT', `BMP with ${header.bitsPerPixel} bits per pixel is not supported`);
    throw new EngineError('UNSUPPORTED_INPUT', 'Not a BMP file, or a damaged one');
  }
  const { width, height, topDown, compression, headerSize, paletteSize, dataOffset, rowBytes } = header;
  const bpp = header.bitsPerPixel;
  if (width * height > 1 << 28) throw new EngineError('UNSUPPORTED_INPUT', 'Invalid BMP dimensions');
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);

  let rMask = 0,
    gMask = 0,
    bMask = 0,
    aMask = 0;
  if (bpp === 16 || bpp === 32) {
    if (compression === 3 || compression === 6) {
      const at = headerSize >= 52 ? 54 : 14 + headerSize;
      rMask = dv.getUint32(at, true);
      gMask = dv.getUint32(at + 4, true);
      bMask = dv.getUint32(at + 8, true);
      if (headerSize >= 56 || compression === 6) aMask = dv.getUint32(at + 12, true);
    } else if (bpp === 16) {
      rMask = 0x7c00;
      gMask = 0x03e0;
      bMask = 0x001f;
    } else {
      rMask = 0xff0000;
      gMask = 0xff00;
      bMask = 0xff;
    }
  }

  const palette: number[][] = [];
  if (bpp <= 8) {
    const entries = paletteSize || 1 << bpp;
    const entrySize = headerSize === 12 ? 3 : 4;
    const at = 14 + headerSize;
    for (let i = 0; i < entries; i++) palette.push([buf[at + i * entrySize + 2], buf[at + i * entrySize + 1], buf[at + i * entrySize]]);
  }

  const channels = aMask ? 4 : 3;
  const out = new Uint8Array(width * height * channels);
  const [r, g, b, a] = [rMask, gMask, bMask, aMask].map(maskShift);
  const scale = (v: number, m: { max: number }) => (m.max === 255 ? v : Math.round((v * 255) / m.max));
  let anyAlpha = false;

  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (bpp <= 8) {
        const bit = x * bpp;
        const byte = buf[row + (bit >> 3)];
        const idx = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const c = palette[idx] ?? [0, 0, 0];
        out[o] = c[0];
        out[o + 1] = c[1];
        out[o + 2] = c[2];
      } else if (bpp === 24) {
        const p = row + x * 3;
        out[o] = buf[p + 2];
        out[o + 1] = buf[p + 1];
        out[o + 2] = buf[p];
      } else {
        const v = bpp === 16 ? dv.getUint16(row + x * 2, true) : dv.getUint32(row + x * 4, true);
        out[o] = scale((v & rMask) >>> r.shift, r);
        out[o + 1] = scale((v & gMask) >>> g.shift, g);
        out[o + 2] = scale((v & bMask) >>> b.shift, b);
        if (channels === 4) {
          out[o + 3] = scale((v & aMask) >>> a.shift, a);
          if (out[o + 3]) anyAlpha = true;
        }
      }
    }
  }
  // Many writers leave the alpha bytes of 32-bit bitmaps at zero: that means "no alpha", not "invisible".
  if (channels === 4 && !anyAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return { width, height, channels, data: out };
}

/** Minimal 24-bit BMP writer, used by tests and benchmarks to produce inputs. */
export function encodeBmp24(rgb: Uint8Array, width: number, height: number): Buffer {
  const rowBytes = Math.floor((24 * width + 31) / 32) * 4;
  const buf = Buffer.alloc(54 + rowBytes * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(rowBytes * height, 34);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 3;
      const d = 54 + (height - 1 - y) * rowBytes + x * 3;
      buf[d] = rgb[s + 2];
      buf[d + 1] = rgb[s + 1];
      buf[d + 2] = rgb[s];
    }
  return buf;
}
