import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { inspectImage, sniffFormat } from './inspect-image.js';
import { makeImage, makeRotatedJpeg, pngClaiming } from './test-images.js';

const MAX = 64_000_000;

describe('inspect image', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'bmp'] as const)('reads %s by content with its size and a WebP thumbnail', async (format) => {
    const buf = await makeImage(format, 64, 48);
    expect(sniffFormat(buf)).toBe(format);
    const r = await inspectImage(buf, { maxPixels: MAX });
    expect([r.format, r.width, r.height]).toEqual([format, 64, 48]);
    const meta = await sharp(r.thumbnail.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
  });

  it('shrinks the thumbnail to 512 px on the longest side', async () => {
    const r = await inspectImage(await makeImage('png', 1200, 600), { maxPixels: MAX });
    expect([r.thumbnail.width, r.thumbnail.height]).toEqual([512, 256]);
    const bmp = await inspectImage(await makeImage('bmp', 700, 1400), { maxPixels: MAX });
    expect([bmp.thumbnail.width, bmp.thumbnail.height]).toEqual([256, 512]);
  });

  it('reports displayed dimensions for EXIF-rotated photos', async () => {
    const r = await inspectImage(await makeRotatedJpeg(60, 30), { maxPixels: MAX });
    expect([r.width, r.height]).toEqual([30, 60]);
    expect([r.thumbnail.width, r.thumbnail.height]).toEqual([30, 60]);
  });

  it('rejects other formats, text and empty files', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expect(inspectImage(tiff, { maxPixels: MAX })).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
      message: 'File type must be JPEG, PNG, GIF, BMP or WebP',
    });
    await expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { maxPixels: MAX })).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
    await expect(inspectImage(Buffer.alloc(0), { maxPixels: MAX })).rejects.toMatchObject({ code: 'FILE_EMPTY' });
  });

  it.each(['jpeg', 'png', 'gif', 'webp', 'bmp'] as const)('rejects a truncated %s', async (format) => {
    const buf = await makeImage(format, 200, 150);
    await expect(inspectImage(buf.subarray(0, Math.floor(buf.length * 0.6)), { maxPixels: MAX })).rejects.toMatchObject({
      code: 'IMAGE_CORRUPT',
      message: 'The image is truncated or corrupt. Please export it again and re-upload.',
    });
  });

  it('refuses an image over the pixel cap from its header, before decoding', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1000);
    await expect(inspectImage(bomb, { maxPixels: MAX })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'The image is 100000×100000 (10000 megapixels); the limit is 64 megapixels.',
    });
    await expect(inspectImage(await makeImage('bmp', 100, 100), { maxPixels: 5000 })).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('rejects compressed and odd BMPs with a clear message', async () => {
    const bmp = await makeImage('bmp', 10, 10);
    const rle = Buffer.from(bmp);
    rle.writeUInt32LE(1, 30);
    await expect(inspectImage(rle, { maxPixels: MAX })).rejects.toMatchObject({
      message: 'Compressed (RLE) BMP files are not supported; please convert to PNG',
    });
    const depth = Buffer.from(bmp);
    depth.writeUInt16LE(2, 28);
    await expect(inspectImage(depth, { maxPixels: MAX })).rejects.toMatchObject({
      message: 'BMP files with 2 bits per pixel are not supported; please convert to PNG',
    });
    await expect(inspectImage(Buffer.from('BM' + 'x'.repeat(100)), { maxPixels: MAX })).rejects.toMatchObject({ code: 'IMAGE_CORRUPT' });
  });
});
