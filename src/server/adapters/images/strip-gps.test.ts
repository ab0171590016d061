import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { syntheticPng } from '@server/testing/images.js';
import { ifd0Tags, withoutGps } from './strip-gps.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const exif = {
  IFD0: { Make: 'Site camera', Copyright: 'Studio' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
};
const xmp = [
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
  ' exif:GPSLatitude="47,22.0N" exif:GPSVersionID="2.3.0.0">',
  '<exif:GPSLongitude>8,32.0E</exif:GPSLongitude>',
  '<dc:creator><rdf:Seq><rdf:li>Studio Nord</rdf:li></rdf:Seq></dc:creator>',
  '</rdf:Description></rdf:RDF></x:xmpmeta>',
].join('');

/** A photo the way a phone leaves it: camera, copyright and GPS in EXIF, the position again in XMP. */
async function photo(encode: (img: Sharp) => Sharp): Promise<Buffer> {
  return encode(
    sharp(await syntheticPng(40, 30))
      .withExif(exif)
      .withXmp(xmp),
  ).toBuffer();
}

/** The GPS rationals as a big- or little-endian TIFF stores them: 47/1 22/1 and 8/1 32/1. */
function rationals(le: boolean, ...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 8);
  values.forEach((v, i) => {
    b[le ? 'writeUInt32LE' : 'writeUInt32BE'](v, i * 8);
    b[le ? 'writeUInt32LE' : 'writeUInt32BE'](1, i * 8 + 4);
  });
  return b;
}

/** Whether every chunk of a PNG carries the CRC of its type and data. */
function pngCrcsHold(b: Buffer): boolean {
  for (let p = 8; p < b.length; p += 12 + b.readUInt32BE(p)) {
    const length = b.readUInt32BE(p);
    if (crc32(b.subarray(p + 4, p + 8 + length)) !== b.readUInt32BE(p + 8 + length)) return false;
  }
  return true;
}

describe('withoutGps: the camera location removed in place, everything else kept', () => {
  for (const [format, encode] of [
    ['jpeg', (img: Sharp) => img.jpeg()],
    ['png', (img: Sharp) => img.png()],
    ['webp', (img: Sharp) => img.webp({ lossless: true })],
  ] as const) {
    it(`drops the GPS IFD and XMP exif:GPS* of a ${format}, keeping Make, Copyright, other XMP and the pixels`, async () => {
      const original = await photo(encode);
      const before = await sharp(original).metadata();
      expect(ifd0Tags(before.exif!)).toContain(0x8825);
      expect(before.xmp!.toString()).toContain('exif:GPSLatitude');

      const stripped = withoutGps(original)!;
      expect(stripped).not.toBeNull();
      // a PNG's XMP is deflated, so its chunk is compressed again; JPEG and WebP are patched in place
      if (format !== 'png') expect(stripped.length).toBe(original.length);
      // the original buffer is left as it was
      expect(ifd0Tags((await sharp(original).metadata()).exif!)).toContain(0x8825);

      const after = await sharp(stripped).metadata();
      expect(after.format).toBe(format);
      if (format === 'png') expect(pngCrcsHold(stripped)).toBe(true);
      const tags = ifd0Tags(after.exif!);
      expect(tags).not.toContain(0x8825);
      expect(tags).toEqual(expect.arrayContaining([0x010f, 0x8298]));
      const text = after.exif!.toString('latin1');
      expect([text.includes('Site camera'), text.includes('Studio')]).toEqual([true, true]);
      const xmpText = after.xmp!.toString();
      expect([xmpText.includes('GPS'), xmpText.includes('47,22.0N'), xmpText.includes('8,32.0E'), xmpText.includes('Studio Nord')]).toEqual([
        false,
        false,
        false,
        true,
      ]);
      // the coordinates are gone from the file, not merely unreferenced
      for (const le of [true, false]) {
        expect(stripped.includes(rationals(le, 47, 22, 0))).toBe(false);
        expect(stripped.includes(rationals(le, 8, 32, 0))).toBe(false);
      }
      expect([true, false].some((le) => original.includes(rationals(le, 47, 22, 0)))).toBe(true);
      expect(sha(await sharp(stripped).raw().toBuffer())).toBe(sha(await sharp(original).raw().toBuffer()));
    });
  }

  it('leaves a file without GPS byte for byte as it was, and declines formats it cannot patch', async () => {
    const plain = await sharp(await syntheticPng(20, 20))
      .withExif({ IFD0: { Make: 'Site camera' } })
      .jpeg()
      .toBuffer();
    expect(sha(withoutGps(plain)!)).toBe(sha(plain));
    const gif = await sharp(await syntheticPng(20, 20))
      .gif()
      .toBuffer();
    expect(withoutGps(gif)).toBeNull();
    expect(withoutGps(Buffer.from('not an image'))).toBeNull();
  });

  it('declines an EXIF block whose GPS offsets point outside it', async () => {
    const original = await photo((img) => img.jpeg());
    const broken = Buffer.from(original);
    const tiff = broken.indexOf('Exif\0\0') + 6;
    const le = broken[tiff] === 0x49;
    const ifd0 = le ? broken.readUInt32LE(tiff + 4) : broken.readUInt32BE(tiff + 4);
    const count = le ? broken.readUInt16LE(tiff + ifd0) : broken.readUInt16BE(tiff + ifd0);
    for (let i = 0; i < count; i++) {
      const e = tiff + ifd0 + 2 + i * 12;
      if ((le ? broken.readUInt16LE(e) : broken.readUInt16BE(e)) === 0x8825) {
        if (le) broken.writeUInt32LE(0xfffffff0, e + 8);
        else broken.writeUInt32BE(0xfffffff0, e + 8);
      }
    }
    expect(withoutGps(broken)).toBeNull();
  });

  it('never throws on a cut-off or scrambled file: it patches what it can read or declines', async () => {
    for (const encode of [(img: Sharp) => img.jpeg(), (img: Sharp) => img.png(), (img: Sharp) => img.webp()]) {
      const original = await photo(encode);
      for (let cut = 0; cut < original.length; cut += 7) expect(() => withoutGps(original.subarray(0, cut))).not.toThrow();
      for (let i = 0; i < 200; i++) {
        const scrambled = Buffer.from(original);
        scrambled[12 + ((i * 2654435761) % 400)] ^= 0xff;
        expect(() => withoutGps(scrambled)).not.toThrow();
      }
    }
  });
});
