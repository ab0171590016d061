import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ViewportImage, sanitiseForLoad, sanitiseForSave } from './viewports.js';
import { msg } from './messages.js';

const httpUrl = fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => u.length >= 5 && u.length < 4096);
const dataUrl = fc.string({ maxLength: 40 }).map((s) => `data:image/png;base64,${Buffer.from(s).toString('base64')}`);
const validImage = fc.record({
  id: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^\s*data:/i.test(s)),
  originalUrl: httpUrl,
  enhancedUrl: fc.option(httpUrl, { nil: undefined }),
  position: fc.record({ x: fc.double({ min: -1e6, max: 1e6, noNaN: true }), y: fc.double({ min: -1e6, max: 1e6, noNaN: true }) }),
  scale: fc.double({ min: 0.01, max: 10, noNaN: true }),
});
const anyValue = fc.oneof(fc.string(), dataUrl, httpUrl, fc.integer(), fc.constant(null), fc.constant(undefined));
const arbitraryImage = fc.oneof(
  validImage,
  fc.record({ id: anyValue, originalUrl: anyValue, enhancedUrl: anyValue, position: fc.anything(), scale: fc.anything() }, { requiredKeys: [] }),
  fc.anything(),
);

/** Any string anywhere in the value that is a data: URL. */
const containsDataUrl = (value: unknown): boolean => {
  if (typeof value === 'string') return /^\s*data:/i.test(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(containsDataUrl);
  return false;
};

describe('viewport sanitiser (property-based)', () => {
  it('never accepts a data: URL on save', () => {
    fc.assert(
      fc.property(fc.array(arbitraryImage, { maxLength: 8 }), (imgs) => {
        const result = sanitiseForSave({ images: imgs });
        if (result.ok) expect(containsDataUrl(result.data)).toBe(false);
      }),
    );
  });

  it('never loses a valid image on save', () => {
    fc.assert(
      fc.property(fc.array(validImage, { minLength: 1, maxLength: 10 }), (imgs) => {
        const result = sanitiseForSave({ images: imgs, currentMode: 'enhance' });
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.data.images.map((i) => i.id)).toEqual(imgs.map((i) => i.id));
      }),
    );
  });

  it('drops a base64 enhancedUrl but keeps the image', () => {
    fc.assert(
      fc.property(validImage, dataUrl, (img, data) => {
        const result = sanitiseForSave({ images: [{ ...img, enhancedUrl: data }] });
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.data.images).toHaveLength(1);
          expect(result.data.images[0].enhancedUrl).toBeUndefined();
        }
      }),
    );
  });

  it('refuses a data: originalUrl with the seed message', () => {
    fc.assert(
      fc.property(validImage, dataUrl, (img, data) => {
        expect(sanitiseForSave({ images: [{ ...img, originalUrl: data }] })).toEqual({ ok: false, message: msg('sessionBase64') });
      }),
    );
  });

  it('counts images missing id or originalUrl', () => {
    const r = sanitiseForSave({ images: [{ id: 'a', originalUrl: 'https://x.test/a.png' }, { id: 'b' }, { originalUrl: 'https://x.test/c.png' }] });
    expect(r).toEqual({ ok: false, message: 'Cannot save session - 2 images are missing required data (id or originalUrl)' });
    expect(sanitiseForSave({ images: [] })).toEqual({ ok: false, message: msg('sessionNoImages') });
  });

  it('on load never restores a data: URL, never loses a valid image, and gives every image an id', () => {
    fc.assert(
      fc.property(fc.array(arbitraryImage, { maxLength: 8 }), fc.array(validImage, { maxLength: 5 }), (noise, valid) => {
        const loaded = sanitiseForLoad({ images: [...noise, ...valid] });
        expect(containsDataUrl(loaded)).toBe(false);
        for (const img of loaded.images) expect(ViewportImage.safeParse(img).success).toBe(true);
        const ids = new Set(loaded.images.map((i) => i.id));
        for (const v of valid) expect(ids.has(v.id)).toBe(true);
      }),
    );
  });

  it('generates a missing id on load', () => {
    const loaded = sanitiseForLoad({ images: [{ originalUrl: 'https://x.test/a.png' }] }, () => 'generated-1');
    expect(loaded.images).toEqual([{ id: 'generated-1', originalUrl: 'https://x.test/a.png', position: { x: 0, y: 0 }, scale: 1 }]);
    expect(loaded.currentMode).toBe('enhance');
  });
});
