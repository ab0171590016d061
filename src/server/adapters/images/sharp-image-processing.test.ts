import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createSharpImageProcessing } from './sharp-image-processing.js';

const imaging = createSharpImageProcessing();

describe('a painted mask, as stored for the removal', () => {
  it('keeps how much each pixel is painted (a feathered edge stays grey) and counts the pixels painted at least half', async () => {
    // white strokes on black: 4 painted, a feathered edge of 200 and 100, the rest black
    const grey = Buffer.from([255, 255, 255, 255, 200, 100, 0, 0]);
    const mask = await sharp(grey, { raw: { width: 4, height: 2, channels: 1 } })
      .png()
      .toBuffer();
    const stored = await imaging.paintedMask(mask, 4, 2);
    expect(stored.painted).toBe(5);
    expect([...(await sharp(stored.png).extractChannel(0).raw().toBuffer())]).toEqual([255, 255, 255, 255, 200, 100, 0, 0]);
  });

  it('on a transparent mask, takes the lesser of brightness and opacity', async () => {
    const rgba = Buffer.from([255, 255, 255, 255, 255, 255, 255, 90, 40, 40, 40, 255, 255, 255, 255, 0]);
    const mask = await sharp(rgba, { raw: { width: 4, height: 1, channels: 4 } })
      .png()
      .toBuffer();
    const stored = await imaging.paintedMask(mask, 4, 1);
    expect(stored.painted).toBe(1);
    expect([...(await sharp(stored.png).extractChannel(0).raw().toBuffer())]).toEqual([255, 90, 40, 0]);
  });
});
