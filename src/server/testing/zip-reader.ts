import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Reads a zip archive the way an unzip tool does, through its central directory: every entry's name (UTF-8 when the
 * archive says so) and bytes (stored or deflated). The tests read the archives the server streams with it, so they
 * need no unzip program on the machine.
 */
export function readZip(archive: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - 22 - 0xffff); i--) {
    if (archive.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (archive.readUInt32LE(at) !== CENTRAL) throw new Error(`central directory entry ${n} is malformed`);
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localOffset = archive.readUInt32LE(at + 42);
    const rawName = archive.subarray(at + 46, at + 46 + nameLength);
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    if (archive.readUInt32LE(localOffset) !== LOCAL) throw new Error(`local header of ${name} is malformed`);
    const dataStart = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const packed = archive.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method} is not read here`);
    entries.push({ name, data: method === 8 ? zlib.inflateRawSync(packed) : Buffer.from(packed) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
