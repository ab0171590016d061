import { Readable } from 'node:stream';
import type { Deps } from '@server/deps.js';
import { notFound } from '@server/errors.js';
import type { ExportSpec } from '@server/ports/image-processing.js';
import type { DownloadFormat, DownloadOptions } from '@shared/api/downloads.js';
import { downloadFileName } from '@shared/download-names.js';
import type { Bucket } from '@shared/url-checks.js';
import { loadVersionChain, type ImageVersionChain } from './version-chain.js';

export const DOWNLOAD_CONTENT_TYPES: Record<DownloadFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', tiff: 'image/tiff' };

export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Readable;
  /** Known when the stored bytes go out as they are. */
  size?: number;
}

type DownloadDeps = Pick<Deps, 'db' | 'storage' | 'imaging'>;

/** One of the user's images (an upload or a result) as a file to save: the stored bytes, or a conversion of them. */
export async function downloadImage(deps: DownloadDeps, userId: string, imageId: string, options: DownloadOptions): Promise<DownloadFile> {
  return renderDownload(deps, await loadVersionChain(deps, userId, imageId), options);
}

export async function renderDownload(deps: DownloadDeps, chain: ImageVersionChain, options: DownloadOptions): Promise<DownloadFile> {
  const { image } = chain;
  const bucket = image.bucket as Bucket;
  const fileName = downloadFileName(chain.upload.originalName ?? 'image', chain.steps, options.format);
  const contentType = DOWNLOAD_CONTENT_TYPES[options.format];
  // the usual case, a result as PNG with its metadata: the stored file streams out as it is, never held in memory
  if (image.format === 'png' && options.format === 'png' && !options.depth && !options.dpi && options.metadata === 'keep') {
    const stored = await deps.storage.get(bucket, image.path);
    if (!stored) throw notFound('Image not found');
    return { fileName, contentType, body: stored.body, size: stored.size };
  }
  let data = await readStored(deps, bucket, image.path);
  const facts = await deps.imaging.inspect(data);
  if (!facts) throw notFound('Image not found');
  const depth = options.depth ? (Number(options.depth) as 8 | 16) : facts.depth;
  if (facts.format === 'png' && options.format === 'png' && depth === facts.depth && !options.dpi && !facts.hasMetadata) {
    // nothing to strip: the stored bytes are already what was asked for
    return { fileName, contentType, body: Readable.from([data]), size: data.length };
  }
  let policy = options.metadata;
  if (policy === 'strip-location' && facts.hasMetadata) {
    const located = deps.imaging.withoutLocation(data);
    // a file whose location cannot be cut out alone keeps the promise by losing all of its metadata
    if (!located) policy = 'strip-all';
    else if (facts.format === options.format && depth === facts.depth && !options.dpi) {
      // the stored file minus its location: re-encoding would only lose quality
      return { fileName, contentType, body: Readable.from([located]), size: located.length };
    } else data = located;
  }
  const spec: ExportSpec = {
    format: options.format,
    quality: options.quality,
    chroma: options.chroma,
    lossless: options.lossless,
    depth,
    compression: options.compression,
    // strip location converts the patched file with what metadata it has left
    metadata: policy === 'strip-all' ? 'strip' : 'keep',
    dpi: options.dpi,
  };
  return { fileName, contentType, body: deps.imaging.exportImage(data, spec) };
}

/**
 * The compressed file in memory: libvips needs random access to decode most formats. A 64 MP 16-bit PNG is a few
 * hundred MB at most here, against gigabytes decoded; libvips then works through it row by row (sequential read).
 */
async function readStored(deps: Pick<Deps, 'storage'>, bucket: Bucket, key: string): Promise<Buffer> {
  const stored = await deps.storage.get(bucket, key);
  if (!stored) throw notFound('Image not found');
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
