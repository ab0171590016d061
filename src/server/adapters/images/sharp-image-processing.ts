import sharp from 'sharp';
import type { ImageProcessing } from '@server/ports/image-processing.js';

/** The image-processing port on sharp (libvips). */
export function createSharpImageProcessing(): ImageProcessing {
  return {
    async probe(data) {
      try {
        const meta = await sharp(data).metadata();
        return meta.format && meta.width && meta.height ? { format: meta.format, width: meta.width, height: meta.height } : null;
      } catch {
        return null;
      }
    },
    async paintedMask(mask, width, height) {
      const { data } = await sharp(mask).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const out = Buffer.alloc(width * height);
      let painted = 0;
      for (let i = 0, p = 0; p < out.length; i += 4, p++) {
        const bright = (data[i] + data[i + 1] + data[i + 2]) / 3 >= 128;
        if (bright && data[i + 3] >= 128) {
          out[p] = 255;
          painted++;
        }
      }
      const png = await sharp(out, { raw: { width, height, channels: 1 } })
        .png({ compressionLevel: 6 })
        .toBuffer();
      return { png, painted };
    },
    // libvips shrinks while decoding, so a large result is never held at full size for its preview
    preview(data, maxSide) {
      return sharp(data, { limitInputPixels: false })
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85, effort: 2 })
        .toBuffer();
    },
  };
}
