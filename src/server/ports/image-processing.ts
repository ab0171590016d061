/**
 * The pixel work services need outside the engine: reading a mask the browser painted, and the small preview of a
 * result the canvas shows. Services import this interface; the composition root hands them the sharp adapter.
 */
export interface ImageProcessing {
  /** Format and size from the file's header; null when it is not an image this port reads. */
  probe(data: Buffer): Promise<{ format: string; width: number; height: number } | null>;
  /**
   * The painted pixels of a mask as a single-channel 0/255 PNG of the same size, and how many there are: a pixel is
   * painted when it is at least half opaque and at least half bright (white strokes on black or on transparency).
   */
  paintedMask(mask: Buffer, width: number, height: number): Promise<{ png: Buffer; painted: number }>;
  /** The image scaled to fit `maxSide` (never enlarged), as WebP. */
  preview(data: Buffer, maxSide: number): Promise<Buffer>;
}
