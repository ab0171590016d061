import { crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * "Strip location": the camera position leaves the file and every other byte stays where it was. A JPEG or WebP is
 * patched in place (lengths never change), a PNG chunk by chunk; nothing is re-encoded, so the pixels, Make, Model,
 * dates, copyright, orientation and colour profile go out as stored.
 *
 * EXIF is a TIFF structure: IFD0's entry 0x8825 points at the GPS IFD. The GPS IFD and every value it points to are
 * zeroed, and the 0x8825 entry is taken out of IFD0 (the following entries move up, the freed 12 bytes are zeroed).
 * XMP repeats the position as exif:GPS* properties; those are overwritten with spaces, which XML ignores there.
 */

const GPS_IFD_POINTER = 0x8825;
/** Bytes per value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL, SBYTE, UNDEFINED, SSHORT, SLONG,
 * SRATIONAL, FLOAT, DOUBLE, IFD). */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

class Malformed extends Error {}

/**
 * A copy of the file without its camera location (same pixels, other metadata untouched), or null when
 * its format is not one this can patch (anything but JPEG, PNG and WebP) or its metadata is malformed: the caller
 * must then drop all metadata to keep the promise.
 */
export function withoutGps(file: Buffer): Buffer | null {
  const out = Buffer.from(file);
  try {
    if (out.length > 3 && out[0] === 0xff && out[1] === 0xd8) return patchJpeg(out) ? out : null;
    if (out.length > 8 && out.subarray(0, 8).equals(PNG_SIGNATURE)) return patchPng(out);
    if (out.length > 12 && out.toString('latin1', 0, 4) === 'RIFF' && out.toString('latin1', 8, 12) === 'WEBP') return patchWebp(out) ? out : null;
    return null;
  } catch (err) {
    // a truncated or inconsistent block (or a corrupt deflate stream) cannot be patched with certainty
    if (err instanceof Malformed || err instanceof RangeError || (err as { code?: string }).code?.startsWith('Z_')) return null;
    throw err;
  }
}

/** The tags of IFD0 of an EXIF block (with or without its "Exif\0\0" header). */
export function ifd0Tags(exif: Buffer): number[] {
  const t = tiff(exif.subarray(exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0));
  const ifd = t.u32(4);
  return Array.from({ length: t.u16(ifd) }, (_, i) => t.u16(ifd + 2 + i * 12));
}

function tiff(b: Buffer) {
  const order = b.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new Malformed('not a TIFF structure');
  const le = order === 'II';
  return {
    b,
    u16: (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o)),
    u32: (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o)),
    zero(from: number, length: number) {
      if (from < 8 || from + length > b.length) throw new Malformed('offset outside the block');
      b.fill(0, from, from + length);
    },
  };
}

/** Removes the GPS IFD of a TIFF-structured EXIF block in place. */
function stripGpsIfd(block: Buffer): void {
  const t = tiff(block);
  const ifd0 = t.u32(4);
  let count = t.u16(ifd0);
  const end = ifd0 + 2 + count * 12 + 4;
  if (end > block.length) throw new Malformed('IFD0 outside the block');
  for (let i = 0; i < count;) {
    const entry = ifd0 + 2 + i * 12;
    if (t.u16(entry) !== GPS_IFD_POINTER) {
      i++;
      continue;
    }
    zeroGpsIfd(t, t.u32(entry + 8));
    // the entries after it and the next-IFD offset move up one place; readers find them by the decremented count
    block.copy(block, entry, entry + 12, ifd0 + 2 + count * 12 + 4);
    count--;
    block.fill(0, ifd0 + 2 + count * 12 + 4, ifd0 + 2 + count * 12 + 16);
    if (block[0] === 0x49) block.writeUInt16LE(count, ifd0);
    else block.writeUInt16BE(count, ifd0);
  }
}

function zeroGpsIfd(t: ReturnType<typeof tiff>, ifd: number): void {
  const count = t.u16(ifd);
  if (ifd + 2 + count * 12 + 4 > t.b.length) throw new Malformed('GPS IFD outside the block');
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const size = (TYPE_SIZES[t.u16(entry + 2)] ?? 1) * t.u32(entry + 4);
    // values of up to four bytes sit in the entry itself, which is zeroed with the IFD
    if (size > 4) t.zero(t.u32(entry + 8), size);
  }
  t.zero(ifd, 2 + count * 12 + 4);
}

/** exif:GPS* as attributes or elements (with whatever they hold), each replaced by as many spaces. */
const XMP_GPS = [/\sexif:GPS[A-Za-z]*\s*=\s*("[^"]*"|'[^']*')/g, /<(exif:GPS[A-Za-z]*)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1\s*>)/g];

function blankXmpGps(xmp: Buffer): void {
  // latin1 maps each byte to one character and back, so offsets and any UTF-8 text survive unchanged
  let text = xmp.toString('latin1');
  for (const pattern of XMP_GPS) text = text.replace(pattern, (m) => ' '.repeat(m.length));
  xmp.write(text, 'latin1');
}

const XMP_JPEG = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_JPEG_EXTENDED = 'http://ns.adobe.com/xmp/extension/\0';

function patchJpeg(b: Buffer): boolean {
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) throw new Malformed('not a marker');
    const marker = b[p + 1];
    if (marker === 0xff) {
      p++;
      continue;
    }
    // start of scan: the metadata segments all come before the image data
    if (marker === 0xda || marker === 0xd9) return true;
    const length = b.readUInt16BE(p + 2);
    const body = b.subarray(p + 4, p + 2 + length);
    if (p + 2 + length > b.length) throw new Malformed('segment outside the file');
    if (marker === 0xe1) {
      const head = body.toString('latin1', 0, XMP_JPEG_EXTENDED.length);
      if (head.startsWith('Exif\0\0')) stripGpsIfd(body.subarray(6));
      else if (head.startsWith(XMP_JPEG)) blankXmpGps(body.subarray(XMP_JPEG.length));
      // extended XMP may split a property across segments, where a pattern cannot see it whole
      else if (head.startsWith(XMP_JPEG_EXTENDED) && /GPS/.test(body.toString('latin1'))) return false;
    }
    p += 2 + length;
  }
  throw new Malformed('no image data');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const XMP_PNG_KEYWORD = 'XML:com.adobe.xmp\0';

/**
 * EXIF is patched in place; XMP is usually deflated (zTXt, or iTXt with its compression flag), so it is inflated,
 * blanked and deflated again: its chunk changes length, which PNG allows, chunks being found by walking them.
 */
function patchPng(b: Buffer): Buffer | null {
  const chunks: Buffer[] = [b.subarray(0, 8)];
  let p = 8;
  while (p + 12 <= b.length) {
    const length = b.readUInt32BE(p);
    const type = b.toString('latin1', p + 4, p + 8);
    if (p + 12 + length > b.length) throw new Malformed('chunk outside the file');
    const data = b.subarray(p + 8, p + 8 + length);
    let replaced: Buffer | undefined;
    if (type === 'eXIf') {
      stripGpsIfd(data);
      replaced = data;
    } else if ((type === 'iTXt' || type === 'zTXt') && data.toString('latin1', 0, XMP_PNG_KEYWORD.length) === XMP_PNG_KEYWORD) {
      replaced = pngXmpWithoutGps(type, data);
    } else if ((type === 'tEXt' || type === 'zTXt' || type === 'iTXt') && /^Raw profile type (exif|xmp|app1)\0/i.test(data.toString('latin1', 0, 30))) {
      // a hex-encoded copy of EXIF or XMP some tools write: not worth decoding, the caller strips everything
      return null;
    }
    chunks.push(replaced ? pngChunk(type, replaced) : b.subarray(p, p + 12 + length));
    if (type === 'IEND') return Buffer.concat(chunks);
    p += 12 + length;
  }
  throw new Malformed('no IEND');
}

function pngXmpWithoutGps(type: string, data: Buffer): Buffer {
  const k = XMP_PNG_KEYWORD.length;
  // zTXt: keyword, method, deflated text; iTXt: keyword, flag, method, language, translated keyword, text
  let head: number;
  let compressed: boolean;
  if (type === 'zTXt') {
    head = k + 1;
    compressed = true;
  } else {
    compressed = data[k] === 1;
    const language = data.indexOf(0, k + 2);
    const translated = language < 0 ? -1 : data.indexOf(0, language + 1);
    if (translated < 0) throw new Malformed('iTXt without its text');
    head = translated + 1;
  }
  const text = compressed ? inflateSync(data.subarray(head)) : Buffer.from(data.subarray(head));
  blankXmpGps(text);
  return Buffer.concat([data.subarray(0, head), compressed ? deflateSync(text) : text]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

function patchWebp(b: Buffer): boolean {
  let p = 12;
  while (p + 8 <= b.length) {
    const type = b.toString('latin1', p, p + 4);
    const length = b.readUInt32LE(p + 4);
    if (p + 8 + length > b.length) throw new Malformed('chunk outside the file');
    const data = b.subarray(p + 8, p + 8 + length);
    // some writers keep the JPEG "Exif\0\0" header inside the chunk
    if (type === 'EXIF') stripGpsIfd(data.toString('latin1', 0, 6) === 'Exif\0\0' ? data.subarray(6) : data);
    else if (type === 'XMP ') blankXmpGps(data);
    p += 8 + length + (length % 2);
  }
  return true;
}
