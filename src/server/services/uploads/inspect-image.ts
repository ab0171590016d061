import sharp from 'sharp';
import { decodeBmp, readBmpHeader } from '@engine/bmp-decoder.js';
import { AppError } from '@server/errors.js';
import { fill } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import { THUMBNAIL_MAX_SIDE, type AcceptedImageFormat } from '@shared/limits.js';

export interface InspectedImage {
  format: AcceptedImageFormat;
  /** As displayed: EXIF orientation applied. */
  width: number;
  height: number;
  /** WebP, longest side at most THUMBNAIL_MAX_SIDE. */
  thumbnail: { data: Buffer; width: number; height: number };
}

class ImageRejected extends AppError {
  constructor(code: string, message: string) {
    super(code, 422, message);
  }
}

/** The format by the first bytes of the file; the name and the browser's MIME type are not trusted. */
export function sniffFormat(buf: Uint8Array): AcceptedImageFormat | undefined {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => buf[i + k] === b);
  const ascii = (i: number, s: string) => at(i, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'BM')) return 'bmp';
  return undefined;
}

const tooManyPixels = (w: number, h: number, maxPixels: number) =>
  new ImageRejected(
    'IMAGE_TOO_LARGE',
    fill(storageMessages.imageTooManyPixels, { w, h, mp: (Math.round((w * h) / 100_000) / 10).toString(), max: Math.round(maxPixels / 1_000_000) }),
  );
const corrupt = () => new ImageRejected('IMAGE_CORRUPT', storageMessages.imageCorrupt);

const thumbnailOf = (pipeline: ReturnType<typeof sharp>) =>
  pipeline
    .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 2 })
    .toBuffer({ resolveWithObject: true });

/**
 * Decides what an uploaded file is by its content, checks its size in pixels against the cap before decoding
 * (a few KB of PNG can claim gigapixels), then decodes it completely while making the thumbnail: a truncated
 * or corrupt file fails here, before anything is stored.
 */
export async function inspectImage(buf: Buffer, opts: { maxPixels: number }): Promise<InspectedImage> {
  if (buf.length === 0) throw new ImageRejected('FILE_EMPTY', storageMessages.fileEmpty);
  const format = sniffFormat(buf);
  if (!format) throw new ImageRejected('UNSUPPORTED_TYPE', storageMessages.fileTypeMustBe);

  if (format === 'bmp') {
    const header = readBmpHeader(buf);
    if ('problem' in header) {
      if (header.problem === 'compressed') throw new ImageRejected('UNSUPPORTED_TYPE', storageMessages.bmpCompressed);
      if (header.problem === 'depth') throw new ImageRejected('UNSUPPORTED_TYPE', fill(storageMessages.bmpUnsupportedDepth, { n: header.bitsPerPixel }));
      throw corrupt();
    }
    if (header.width * header.height > opts.maxPixels) throw tooManyPixels(header.width, header.height, opts.maxPixels);
    let decoded;
    try {
      decoded = decodeBmp(buf);
    } catch {
      throw corrupt();
    }
    const thumb = await thumbnailOf(
      sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
        raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
      }),
    );
    return { format, width: header.width, height: header.height, thumbnail: { data: thumb.data, width: thumb.info.width, height: thumb.info.height } };
  }

  let meta;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw corrupt();
  }
  // the bytes looked like one format and libvips read another: not a file we can vouch for
  if (meta.format !== format) throw corrupt();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw corrupt();
  if (width * height > opts.maxPixels) throw tooManyPixels(width, height, opts.maxPixels);
  try {
    // failOn 'error': truncated data and decode errors fail, harmless warnings (extra bytes after the end) do not
    const thumb = await thumbnailOf(sharp(buf, { failOn: 'error', limitInputPixels: opts.maxPixels, pages: 1 }).autoOrient());
    return { format, width, height, thumbnail: { data: thumb.data, width: thumb.info.width, height: thumb.info.height } };
  } catch {
    throw corrupt();
  }
}
