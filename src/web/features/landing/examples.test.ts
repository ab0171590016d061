import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examples, sourcesOf } from './examples';

const publicDir = path.resolve(import.meta.dirname, '../../public');
const filesOf = (srcset: string) => srcset.split(',').map((entry) => entry.trim().split(/\s+/)[0]);

describe('landing images', () => {
  const images = examples.flatMap((e) => [e.before, e.enhanced, ...(e.detail ? [e.detail.before, e.detail.enhanced] : [])]);

  it('every width and format a srcset names is in the build, and the widths rise to the full image', () => {
    expect(images.length).toBeGreaterThanOrEqual(10);
    for (const src of images) {
      const { avif, webp } = sourcesOf(src);
      for (const file of [...filesOf(avif), ...filesOf(webp)]) expect(fs.existsSync(path.join(publicDir, file)), file).toBe(true);
      const widths = (list: string) => list.split(',').map((entry) => Number(entry.trim().split(/\s+/)[1].replace('w', '')));
      expect(widths(avif)).toEqual(widths(webp));
      expect(widths(avif).at(-1)).toBe(src.includes('-detail-') ? 640 : 1200);
    }
  });

  it('the narrowest file is smaller than the full one: a phone loads less', () => {
    for (const src of images) {
      const [smallest] = filesOf(sourcesOf(src).avif);
      expect(fs.statSync(path.join(publicDir, smallest)).size, smallest).toBeLessThan(fs.statSync(path.join(publicDir, src)).size);
    }
  });
});
