import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BUCKETS, type Bucket } from '@shared/url-checks.js';
import type { Storage } from '@server/ports/storage.js';
import { contentTypeForKey } from '@server/ports/storage.js';

/** Unfinished writes of the local store (see adapters/storage/local-disk.ts): never objects. */
const INCOMING = '.incoming-';

export interface SourceFile {
  bucket: Bucket;
  key: string;
  file: string;
  size: number;
}

export interface FileProgress {
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

export interface FileReport {
  files: number;
  bytes: number;
  copied: number;
  /** Already on the target with the same SHA-256 (a run resumed after a kill). */
  alreadyThere: number;
}

export class ChecksumMismatchError extends Error {}

/** Every stored object of a local store folder (`root/{bucket}/{key}`), in a stable order. */
export function listSourceFiles(root: string): SourceFile[] {
  const found: SourceFile[] = [];
  for (const bucket of BUCKETS) {
    const bucketDir = path.join(root, bucket);
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.name.startsWith(INCOMING)) continue;
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.isFile()) found.push({ bucket, key: path.relative(bucketDir, file).split(path.sep).join('/'), file, size: fs.statSync(file).size });
      }
    };
    walk(bucketDir);
  }
  return found;
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The SHA-256 of the object on the target, or null when it is not there. */
async function targetSha256(storage: Storage, bucket: Bucket, key: string): Promise<string | null> {
  const object = await storage.get(bucket, key);
  return object ? sha256(object.body) : null;
}

/**
 * Copies every file to the target store and reads each one back to compare its SHA-256 with the source's. A file
 * already on the target with the same checksum is skipped (a resumed run); one with other bytes is written again.
 */
export async function copyFiles(files: SourceFile[], target: Storage, onFile: (p: FileProgress) => void): Promise<FileReport> {
  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  const report: FileReport = { files: files.length, bytes: totalBytes, copied: 0, alreadyThere: 0 };
  let bytes = 0;
  onFile({ done: 0, total: files.length, bytes, totalBytes });
  for (const [i, f] of files.entries()) {
    const expected = await sha256(fs.createReadStream(f.file));
    if ((await targetSha256(target, f.bucket, f.key)) === expected) {
      report.alreadyThere++;
    } else {
      await target.put(f.bucket, f.key, fs.createReadStream(f.file), { contentType: contentTypeForKey(f.key), overwrite: true });
      const written = await targetSha256(target, f.bucket, f.key);
      if (written !== expected) {
        throw new ChecksumMismatchError(`${f.bucket}/${f.key}: the copy's SHA-256 (${written ?? 'missing'}) differs from the source's (${expected})`);
      }
      report.copied++;
    }
    bytes += f.size;
    onFile({ done: i + 1, total: files.length, bytes, totalBytes });
  }
  return report;
}
