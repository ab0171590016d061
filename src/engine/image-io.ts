import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { decodeBmp } from './bmp-decoder.js';
import { EngineError } from './errors.js';
import type { Pixels } from './tiled-inference.js';

export type OutputFormat = 'png' | 'jpeg' | 'webp';

export interface DecodedImage {
  /** Interleaved RGB, or RGBA when the input has an alpha channel; sRGB, orientation applied. */
  pixels: Pixels;
  hasAlpha: boolean;
  /** Every alpha value is at its maximum. */
  opaque: boolean;
  grey: boolean;
  depth: 8 | 16;
  format: string;
  icc?: Buffer;
  /** The pixels are the stored device values of `icc`, not sRGB. */
  deviceValues?: boolean;
}

export async function readInput(input: Buffer | string): Promise<Buffer> {
  if (typeof input !== 'string') return input;
  try {
    return await readFile(input);
  } catch {
    throw new EngineError('UNSUPPORTED_INPUT', `Cannot read ${input}`);
  }
}

function iccSpace(icc: Buffer | undefined): string | undefined {
  return icc && icc.length >= 20 ? icc.subarray(16, 20).toString('latin1').trim() : undefined;
}

/**
 * Decodes any input we accept to sRGB pixels with EXIF orientation applied. An embedded profile is
 * converted to sRGB here and re-applied on encode: the round trip measured at most 1 level on a
 * Display P3 image, while keeping device values would feed the models colours they were not trained on.
 */
export async function decodeImage(input: Buffer | string, opts: { depth8?: boolean; deviceValues?: boolean } = {}): Promise<DecodedImage> {
  const buf = await readInput(input);
  if (buf.length >= 2 && buf[0] === 0x42 && buf[1] === 0x4d) {
    const bmp = decodeBmp(buf);
    const opaque = bmp.channels === 3 || isOpaque(bmp.data, 4);
    return {
      pixels: { data: bmp.data, width: bmp.width, height: bmp.height, channels: bmp.channels },
      hasAlpha: bmp.channels === 4,
      opaque,
      grey: false,
      depth: 8,
      format: 'bmp',
    };
  }
  let meta: Metadata;
  try {
    meta = await sharp(buf, { pages: 1 }).metadata();
  } catch {
    throw new EngineError('UNSUPPORTED_INPUT', 'Unsupported or corrupt image');
  }
  const depth: 8 | 16 = meta.depth === 'ushort' && !opts.depth8 ? 16 : 8;
  const hasAlpha = Boolean(meta.hasAlpha);
  const grey = meta.space === 'b-w' || meta.space === 'grey16' || (meta.channels ?? 3) <= 2;
  // `deviceValues`: an RGB image with a profile is read as stored (no conversion), for edits that must
  // leave every untouched pixel identical; the caller embeds the same profile again (embedIccInPng).
  const device = Boolean(opts.deviceValues && depth === 8 && !grey && iccSpace(meta.icc) === 'RGB');
  let pipeline = sharp(buf, { pages: 1 }).rotate();
  pipeline = device ? pipeline.keepIccProfile() : pipeline.toColourspace(depth === 16 ? 'rgb16' : 'srgb');
  if (hasAlpha) pipeline = pipeline.ensureAlpha();
  const { data, info } = await pipeline.raw({ depth: depth === 16 ? 'ushort' : 'uchar' }).toBuffer({ resolveWithObject: true });
  const typed =
    depth === 16 ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return {
    pixels: { data: typed, width: info.width, height: info.height, channels: info.channels },
    hasAlpha,
    opaque: !hasAlpha || isOpaque(typed, info.channels),
    grey,
    depth,
    format: meta.format ?? 'png',
    icc: meta.icc,
    deviceValues: device,
  };
}

/** Inserts an iCCP chunk (the profile byte for byte) after a PNG's IHDR; the pixels are not touched. */
export function embedIccInPng(png: Buffer, icc: Buffer): Buffer {
  const ihdrEnd = 8 + 8 + png.readUInt32BE(8) + 4;
  const body = Buffer.concat([Buffer.from('ICC Profile\0\0', 'latin1'), deflateSync(icc)]);
  const chunk = Buffer.alloc(body.length + 12);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write('iCCP', 4, 'latin1');
  body.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.length)), 8 + body.length);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

function isOpaque(data: Uint8Array | Uint16Array, channels: number): boolean {
  const max = data instanceof Uint16Array ? 65535 : 255;
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== max) return false;
  return true;
}

export function defaultOutputFormat(inputFormat: string): OutputFormat {
  if (inputFormat === 'jpeg' || inputFormat === 'jpg') return 'jpeg';
  if (inputFormat === 'webp') return 'webp';
  return 'png';
}

/**
 * Copies the alpha channel of `src` (stride `src.channels`) upscaled with Lanczos-3 into channel 3 of
 * `dst`. Alpha edges are smooth masks, which a generic high-quality filter reproduces well, and the
 * photo-trained models are not meant for them.
 */
export async function upscaleAlpha(src: Pixels, dst: Pixels): Promise<void> {
  const max = src.data instanceof Uint16Array ? 65535 : 255;
  const n = src.width * src.height;
  const plane = max === 65535 ? new Uint16Array(n) : new Uint8Array(n);
  for (let i = 0, j = src.channels - 1; i < n; i++, j += src.channels) plane[i] = src.data[j];
  const { data } = await sharp(plane, { raw: { width: src.width, height: src.height, channels: 1 } })
    .resize(dst.width, dst.height, { kernel: 'lanczos3', fit: 'fill' })
    // Without this, libvips hands a single band back as three sRGB bands.
    .toColourspace(max === 65535 ? 'grey16' : 'b-w')
    .raw({ depth: max === 65535 ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const alpha = max === 65535 ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2) : data;
  for (let i = 0, j = 3; i < alpha.length; i++, j += 4) dst.data[j] = alpha[i];
}

export interface EncodeOptions {
  format: OutputFormat;
  grey: boolean;
  depth: 8 | 16;
  icc?: Buffer;
  /** Density in dots per inch, for a print size. */
  dpi?: number;
}

/** JPEG and WebP at quality 95 with full-resolution chroma: the output is the product, not a preview. */
export async function encodeImage(px: Pixels, opts: EncodeOptions): Promise<Buffer> {
  let pipeline = sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels as 3 | 4 }, limitInputPixels: false });
  const sixteen = opts.depth === 16 && opts.format === 'png';
  if (opts.grey) pipeline = pipeline.toColourspace(sixteen ? 'grey16' : 'b-w');
  else if (sixteen) pipeline = pipeline.toColourspace('rgb16');
  const space = iccSpace(opts.icc);
  const iccFits = opts.icc && (opts.grey ? space === 'GRAY' : space === 'RGB');
  let iccFile: string | undefined;
  try {
    if (iccFits) {
      iccFile = path.join(os.tmpdir(), `renderlift-icc-${process.pid}-${randomBytes(4).toString('hex')}.icc`);
      await writeFile(iccFile, opts.icc!);
      pipeline = pipeline.withIccProfile(iccFile);
    }
    if (opts.dpi) pipeline = pipeline.withDensity(opts.dpi);
    if (opts.format === 'jpeg') pipeline = pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4', mozjpeg: false });
    else if (opts.format === 'webp') pipeline = pipeline.webp({ quality: 95, smartSubsample: true });
    else pipeline = pipeline.png({ compressionLevel: 6 });
    return await pipeline.toBuffer();
  } finally {
    if (iccFile) await rm(iccFile, { force: true });
  }
}
