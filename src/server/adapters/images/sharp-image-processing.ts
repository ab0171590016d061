import sharp, { type Sharp } from 'sharp';
import { PassThrough } from 'node:stream';
import type { ExportSpec, ImageProcessing } from '@server/ports/image-processing.js';
import { withoutGps } from './strip-gps.js';
import { PAINTED_FROM } from '@shared/removal.js';

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
        // how much of the pixel is painted: the lesser of its brightness and its opacity (a feathered edge is grey)
        const c = Math.min(Math.round((data[i] + data[i + 1] + data[i + 2]) / 3), data[i + 3]);
        out[p] = c;
        if (c >= PAINTED_FROM) painted++;
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
    async inspect(data) {
      try {
        const meta = await sharp(data).metadata();
        if (!meta.format) return null;
        const sixteen = ['ushort', 'short', 'uint', 'int', 'float', 'double'].includes(meta.depth ?? '') || (meta.bitsPerSample ?? 8) > 8;
        return { format: meta.format, depth: sixteen ? 16 : 8, hasAlpha: meta.hasAlpha, hasMetadata: Boolean(meta.exif || meta.xmp || meta.iptc) };
      } catch {
        return null;
      }
    },
    withoutLocation: withoutGps,
    exportImage(data, spec) {
      // a sharp instance is a Duplex whose writable side is never used here; stream consumers that wait for both
      // sides (Readable.toWeb) would see a premature close, so the output goes out through a plain stream
      const out = new PassThrough();
      const pipeline = exportPipeline(data, spec);
      pipeline.on('error', (err: Error) => out.destroy(err));
      return pipeline.pipe(out);
    },
  };
}

/**
 * One libvips pipeline from the stored file to the download: the file's own ICC profile is carried over untouched
 * (sharp's default would convert to sRGB and drop it), 16 bits stay 16 bits where the format holds them, and the
 * output leaves as a stream of chunks while libvips works through the rows.
 */
function exportPipeline(data: Buffer, spec: ExportSpec): Sharp {
  let img = sharp(data, { limitInputPixels: false, sequentialRead: true });
  if (spec.metadata === 'keep') img = img.keepMetadata();
  // EXIF goes, so its orientation must be applied to the pixels or a portrait photo would turn on its side
  else img = img.autoOrient();
  img = img.keepIccProfile();
  const sixteen = spec.depth === 16 && (spec.format === 'png' || spec.format === 'tiff');
  img = img.toColourspace(sixteen ? 'rgb16' : 'srgb');
  if (spec.dpi) {
    // withMetadata({ density }) would also convert to sRGB and replace the profile; the density alone is wanted
    (img as unknown as { options: { withMetadataDensity: number } }).options.withMetadataDensity = spec.dpi;
    // libvips writes a JPEG's JFIF density only alongside EXIF: an empty block carries no more than the resolution
    if (spec.format === 'jpeg' && spec.metadata !== 'keep') img = img.withExif({});
  }
  switch (spec.format) {
    case 'png':
      return img.png({ compressionLevel: 6, adaptiveFiltering: true });
    case 'jpeg':
      // seed 001 §7.6: JPEG has no alpha, transparency goes onto white
      return img
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: spec.quality, chromaSubsampling: spec.chroma === '444' ? '4:4:4' : '4:2:0', mozjpeg: false });
    case 'webp':
      return spec.lossless ? img.webp({ lossless: true, exact: true, effort: 4 }) : img.webp({ quality: spec.quality, effort: 4 });
    case 'tiff':
      return img.tiff({ compression: spec.compression, predictor: 'horizontal' });
  }
}
