import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileUrlSigner } from './url-signer.js';
import {
  ObjectExistsError,
  assertSafeKey,
  assertSafePrefix,
  contentTypeForKey,
  type Bucket,
  type ByteRange,
  type ObjectInfo,
  type PutOptions,
  type SignedUrl,
  type Storage,
  type StoredObject,
} from '@server/ports/storage.js';

/** Temporary files of unfinished writes; put() refuses keys with such a segment so the two never meet. */
const TMP_PREFIX = '.incoming-';

/**
 * Objects as files under `root/{bucket}/{key}` (DATA_DIR/storage by default), signed URLs served by the API's
 * files route. Writes go to a temporary file first, so a reader never sees half an object.
 */
export class LocalDiskStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly signer: FileUrlSigner,
  ) {}

  private filePath(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    const bucketDir = path.join(this.root, bucket);
    const full = path.join(bucketDir, ...key.split('/'));
    // isSafeKey already forbids '..'; this is the second lock on the same door
    if (!full.startsWith(bucketDir + path.sep)) throw new Error('storage key escapes its bucket');
    return full;
  }

  private static info(key: string, st: fs.Stats): ObjectInfo {
    return {
      size: st.size,
      contentType: contentTypeForKey(key),
      // objects are immutable once written, so size and modification time identify the content
      etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
      lastModified: st.mtime,
    };
  }

  async put(bucket: Bucket, key: string, body: Buffer | Uint8Array | Readable, opts: PutOptions): Promise<ObjectInfo> {
    const target = this.filePath(bucket, key);
    if (key.split('/').some((seg) => seg.startsWith(TMP_PREFIX))) throw new Error('reserved key segment');
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(path.dirname(target), `${TMP_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      if (body instanceof Readable) await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      else await fsp.writeFile(tmp, body, { flag: 'wx' });
      if (opts.overwrite) {
        await fsp.rename(tmp, target);
      } else {
        // link() fails when the target exists: an atomic "create if absent"
        try {
          await fsp.link(tmp, target);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(bucket, key);
          throw err;
        }
        await fsp.unlink(tmp);
      }
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    return LocalDiskStorage.info(key, await fsp.stat(target));
  }

  async head(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    try {
      const st = await fsp.stat(this.filePath(bucket, key));
      return st.isFile() ? LocalDiskStorage.info(key, st) : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw err;
    }
  }

  async get(bucket: Bucket, key: string, opts: { range?: ByteRange } = {}): Promise<StoredObject | null> {
    const file = this.filePath(bucket, key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw err;
    }
    // stat the open handle so size and bytes come from the same file even if it is replaced meanwhile
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      return null;
    }
    const range = opts.range;
    const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return { ...LocalDiskStorage.info(key, st), body, ...(range ? { range } : {}) };
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await fsp.rm(this.filePath(bucket, key), { force: true });
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<number> {
    assertSafePrefix(prefix);
    const dir = this.filePath(bucket, prefix.slice(0, -1));
    const count = await countFiles(dir);
    await fsp.rm(dir, { recursive: true, force: true });
    return count;
  }

  async signUrl(bucket: Bucket, key: string, expiresInSeconds: number): Promise<SignedUrl> {
    assertSafeKey(key);
    return this.signer.sign(bucket, key, expiresInSeconds);
  }

  verifyFileUrl(bucket: Bucket, key: string, exp: string | undefined, sig: string | undefined) {
    return this.signer.verify(bucket, key, exp, sig);
  }
}

async function countFiles(dir: string): Promise<number> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let n = 0;
  for (const e of entries) {
    if (e.isDirectory()) n += await countFiles(path.join(dir, e.name));
    else if (!e.name.startsWith(TMP_PREFIX)) n++;
  }
  return n;
}
