import type { Readable } from 'node:stream';

/**
 * The pixel work services need outside the engine: reading a mask the browser painted, and the small preview of a
 * result the canvas shows. Services import this interface; the composition root hands them the sharp adapter.
 */
export interface ImageProcessing {
  /** Format and size from the file's header; null when it is not an image this port reads. */
  probe(data: Buffer): Promise<{ format: string; width: number; height: number } | null>;
  /**
   * A mask as a single-channel PNG of the same size, each pixel how much of it is painted (the lesser of its
   * brightness and its opacity: white strokes on black or on transparency, grey on a feathered edge), and how many
   * are painted: at least half opaque and at least half bright.
   */
  paintedMask(mask: Buffer, width: number, height: number): Promise<{ png: Buffer; painted: number }>;
  /** The image scaled to fit `maxSide` (never enlarged), as WebP. */
  preview(data: Buffer, maxSide: number): Promise<Buffer>;
  /** Format, depth and metadata of a stored file, from its header; null when it is not an image this port reads. */
  inspect(data: Buffer): Promise<StoredImageFacts | null>;
  /**
   * The file without its camera location (EXIF GPS, XMP exif:GPS*), every other byte as stored; null when its format
   * cannot be patched so, and only dropping all metadata removes the location.
   */
  withoutLocation(data: Buffer): Buffer | null;
  /** The file converted as asked, produced as a stream (the colour profile always embedded). */
  exportImage(data: Buffer, spec: ExportSpec): Readable;
}

/** What a download needs to know of a stored file before choosing to send its bytes or convert them. */
export interface StoredImageFacts {
  format: string;
  /** Bits per channel. */
  depth: 8 | 16;
  hasAlpha: boolean;
  /** EXIF, XMP or IPTC present: any of them may carry where a picture was taken. */
  hasMetadata: boolean;
}

/** A conversion for download; see src/shared/api/downloads.ts for what each option means. */
export interface ExportSpec {
  format: 'png' | 'jpeg' | 'webp' | 'tiff';
  quality: number;
  chroma: '444' | '420';
  lossless: boolean;
  depth: 8 | 16;
  compression: 'lzw' | 'deflate';
  /** keep: EXIF, XMP, IPTC and ICC as stored; strip: only the ICC profile stays, pixels turned upright first. */
  metadata: 'keep' | 'strip';
  dpi?: number;
}
