import zlib from 'node:zlib';
import sharp from 'sharp';
import { encodeBmp24 } from '@engine/bmp-decoder.js';

/** Real image files for upload tests, made on the fly. */
export async function makeImage(format: 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp', width = 64, height = 48): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      rgb[o] = (x * 255) / width;
      rgb[o + 1] = (y * 255) / height;
      rgb[o + 2] = 128;
    }
  if (format === 'bmp') return encodeBmp24(rgb, width, height);
  const img = sharp(rgb, { raw: { width, height, channels: 3 } });
  return img.toFormat(format).toBuffer();
}

/** A JPEG stored landscape with an EXIF orientation that displays it portrait. */
export async function makeRotatedJpeg(width = 60, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** One PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid-looking PNG whose header claims width × height pixels, with one tiny compressed row: a
 * decompression bomb's shape, which must be refused from the header alone.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = pngChunk;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
