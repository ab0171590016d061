import zlib from 'node:zlib';
import sharp from 'sharp';
import { makeImage, pngChunk, pngClaiming } from '../services/uploads/test-images.js';

/**
 * Files an attacker, a broken exporter or a careless drag and drop sends to the upload route, made on the fly.
 * `expect` is what the product must answer for each: accepted (as the format named), rejected with the code named,
 * or ignored. Nothing here is ever allowed to cause a 5xx.
 */
export interface HostileFile {
  label: string;
  name: string;
  data: Buffer;
  expect: { status: 'accepted'; format: string } | { status: 'rejected'; code: string } | { status: 'ignored' };
}

const accepted = (format: string) => ({ status: 'accepted' as const, format });
const rejected = (code: string) => ({ status: 'rejected' as const, code });

/** A BMP header claiming `width` × `height` 24-bit pixels, followed by only a few bytes of them. */
function bmpClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + 16, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return Buffer.concat([header, Buffer.alloc(16)]);
}

/** A minimal ZIP archive (one stored file): appended to a PNG it makes a PNG/ZIP polyglot. */
function zipWith(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = zlib.crc32(data) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  return Buffer.concat([local, fileName, data]);
}

async function rgbImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
}

export async function hostileCorpus(): Promise<HostileFile[]> {
  const png = await makeImage('png', 64, 48);
  const jpeg = await makeImage('jpeg', 64, 48);
  const webp = await makeImage('webp', 64, 48);
  const gif = await makeImage('gif', 64, 48);
  const badCrc = Buffer.from(png);
  badCrc[29] ^= 0xff; // inside IHDR: its CRC no longer matches
  const hugeExif = await (
    await rgbImage(32, 32)
  )
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000), Copyright: 'Renderlift test' } })
    .toBuffer();
  const animatedGif = await sharp({ create: { width: 16, height: 16 * 3, channels: 3, background: '#884422' } })
    .gif({ loop: 0 })
    .toBuffer()
    .then((strip) => sharp(strip, { pages: -1 }).toBuffer())
    .catch(() => gif);
  const animatedWebp = await sharp(Buffer.concat([Buffer.alloc(16 * 16 * 3, 30), Buffer.alloc(16 * 16 * 3, 200)]), {
    raw: { width: 16, height: 32, channels: 3, pageHeight: 16 } as never,
  })
    .webp({ loop: 0 })
    .toBuffer();

  return [
    {
      label: 'plain text named .png',
      name: 'notes.png',
      data: Buffer.from('These are not the pixels you are looking for.\n'),
      expect: rejected('UNSUPPORTED_TYPE'),
    },
    {
      label: 'HTML named .jpg',
      name: 'page.jpg',
      data: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      expect: rejected('UNSUPPORTED_TYPE'),
    },
    {
      label: 'SVG with a script named .png',
      name: 'vector.png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><script>alert(1)</script><rect width="64" height="48"/></svg>'),
      expect: rejected('UNSUPPORTED_TYPE'),
    },
    {
      label: 'SVG under its own name',
      name: 'vector.svg',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'),
      expect: rejected('UNSUPPORTED_TYPE'),
    },
    {
      label: 'GIF/JavaScript polyglot',
      name: 'poly.gif',
      data: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00;*/=1;alert(document.domain);//'),
      expect: rejected('IMAGE_CORRUPT'),
    },
    {
      label: 'PNG/ZIP polyglot (a valid PNG with an archive behind it)',
      name: 'poly.png',
      data: Buffer.concat([png, zipWith('evil.js', 'alert(1)')]),
      expect: accepted('png'),
    },
    { label: 'zero bytes', name: 'empty.png', data: Buffer.alloc(0), expect: rejected('FILE_EMPTY') },
    { label: 'one byte', name: 'tiny.jpg', data: Buffer.from([0xff]), expect: rejected('FILE_TOO_SMALL') },
    { label: 'truncated JPEG', name: 'cut.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), expect: rejected('IMAGE_CORRUPT') },
    { label: 'truncated WebP', name: 'cut.webp', data: webp.subarray(0, Math.floor(webp.length / 2)), expect: rejected('IMAGE_CORRUPT') },
    { label: 'PNG header only', name: 'header.png', data: png.subarray(0, 33), expect: rejected('IMAGE_CORRUPT') },
    { label: 'PNG with a broken chunk checksum', name: 'crc.png', data: badCrc, expect: rejected('IMAGE_CORRUPT') },
    { label: 'PNG decompression bomb (50000 × 50000 claimed)', name: 'bomb.png', data: pngClaiming(50_000, 50_000), expect: rejected('IMAGE_TOO_LARGE') },
    // far fewer bytes than its header claims: refused as broken before its size is even weighed
    { label: 'BMP claiming 40000 × 40000', name: 'bomb.bmp', data: bmpClaiming(40_000, 40_000), expect: rejected('IMAGE_CORRUPT') },
    { label: 'BMP claiming a negative width', name: 'negative.bmp', data: bmpClaiming(-64, 48), expect: rejected('IMAGE_CORRUPT') },
    {
      label: 'JPEG over the pixel limit (2100 × 1000)',
      name: 'wide.jpg',
      data: await (await rgbImage(2100, 1000)).jpeg().toBuffer(),
      expect: rejected('IMAGE_TOO_LARGE'),
    },
    { label: 'a 1 × 100000 strip', name: 'strip-tall.png', data: await (await rgbImage(1, 100_000)).png().toBuffer(), expect: accepted('png') },
    { label: 'a 100000 × 1 strip', name: 'strip-wide.png', data: await (await rgbImage(100_000, 1)).png().toBuffer(), expect: accepted('png') },
    { label: 'CMYK JPEG', name: 'print.jpg', data: await (await rgbImage(40, 30)).toColourspace('cmyk').jpeg().toBuffer(), expect: accepted('jpeg') },
    { label: '16-bit PNG', name: 'deep.png', data: await (await rgbImage(40, 30)).toColourspace('rgb16').png().toBuffer(), expect: accepted('png') },
    { label: 'palette PNG', name: 'palette.png', data: await (await rgbImage(40, 30)).png({ palette: true, colours: 16 }).toBuffer(), expect: accepted('png') },
    {
      label: 'greyscale PNG with alpha',
      name: 'grey.png',
      data: await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } } })
        .toColourspace('b-w')
        .png()
        .toBuffer(),
      expect: accepted('png'),
    },
    { label: 'animated GIF', name: 'anim.gif', data: animatedGif, expect: accepted('gif') },
    { label: 'animated WebP', name: 'anim.webp', data: animatedWebp, expect: accepted('webp') },
    {
      label: 'JPEG with EXIF orientation 8',
      name: 'turned.jpg',
      data: await (await rgbImage(60, 30)).jpeg().withMetadata({ orientation: 8 }).toBuffer(),
      expect: accepted('jpeg'),
    },
    { label: 'JPEG with a 60 KB EXIF block', name: 'exif.jpg', data: hugeExif, expect: accepted('jpeg') },
    {
      label: 'PNG with a 2 MB private chunk',
      name: 'chunky.png',
      data: Buffer.concat([png.subarray(0, 33), pngChunk('prVt', Buffer.alloc(2_000_000, 7)), png.subarray(33)]),
      expect: accepted('png'),
    },
    {
      label: 'JPEG with trailing garbage',
      name: 'tail.jpg',
      data: Buffer.concat([jpeg, Buffer.from('garbage after the end of image')]),
      expect: accepted('jpeg'),
    },
    { label: 'TIFF named .png', name: 'scan.png', data: await (await rgbImage(16, 16)).tiff().toBuffer(), expect: rejected('UNSUPPORTED_TYPE') },
    { label: 'AVIF named .webp', name: 'modern.webp', data: await (await rgbImage(16, 16)).avif().toBuffer(), expect: rejected('UNSUPPORTED_TYPE') },
    { label: 'path traversal in the name', name: '../../../etc/passwd.png', data: png, expect: accepted('png') },
    { label: 'Windows path in the name', name: 'C:\\Users\\render\\..\\final.png', data: png, expect: accepted('png') },
    // raw control characters are not allowed in a part header (RFC 7230): the request is refused as unreadable
    { label: 'control characters in the name', name: `render\u0000\u0007\u001f.png`, data: png, expect: rejected('INVALID_MULTIPART') },
    { label: '300 characters in the name', name: `${'long-name-'.repeat(30)}.png`, data: png, expect: accepted('png') },
    { label: 'only whitespace and an extension', name: '   .png', data: png, expect: accepted('png') },
    { label: 'macOS folder metadata', name: '.DS_Store', data: Buffer.from('Bud1\0\0\0\0'), expect: { status: 'ignored' } },
    { label: 'Windows thumbnail cache', name: 'Thumbs.db', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), expect: { status: 'ignored' } },
  ];
}
