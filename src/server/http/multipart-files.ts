import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

/** A file of a multipart request, written to a temporary file as it arrived; `read` loads it when it is its turn. */
export interface SpooledFile {
  /** The form field the file came in. */
  field: string;
  name: string;
  size: number;
  /** The part went past `maxFileBytes`: what was received is discarded, only the fact is kept. */
  tooLarge: boolean;
  read(): Promise<Buffer>;
}

export interface MultipartLimits {
  /** Files counted against `maxFiles`: names the caller ignores anyway (.DS_Store) are not. */
  counts: (name: string) => boolean;
  maxFiles: number;
  maxFileBytes: number;
  tmpDir: string;
}

export interface SpooledForm {
  files: SpooledFile[];
  /** The text fields, the first value of each name. */
  fields: Record<string, string>;
  cleanup: () => void;
}

/** Why a request was refused before its body was read to the end. */
export class MultipartRefused extends Error {
  constructor(readonly reason: 'too-many-files' | 'malformed') {
    super(reason);
  }
}

/**
 * Reads a multipart/form-data body as a stream: each file part goes to its own temporary file, so memory holds a
 * chunk at a time whatever the size of the request. A file past `maxFileBytes` stops being written at once; a body
 * with more than `maxFiles` files is refused as soon as that is known, without reading the rest. The size of the
 * whole body is bounded before it gets here, by the route's entry in http/body-limit.ts. `cleanup` removes every
 * temporary file; call it whatever happened.
 */
export async function spoolMultipartFiles(request: Request, limits: MultipartLimits): Promise<SpooledForm> {
  const dir = path.join(limits.tmpDir, `upload-${crypto.randomUUID()}`);
  fs.mkdirSync(dir, { recursive: true });
  // retried: a write stream still opening its file as the folder goes makes one removal find it not empty
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) {
    cleanup();
    throw new MultipartRefused('malformed');
  }

  const files: SpooledFile[] = [];
  const fields: Record<string, string> = Object.create(null);
  const writes: Array<Promise<void>> = [];
  let counted = 0;
  let parser: busboy.Busboy;
  try {
    // browsers send file names as raw UTF-8 in Content-Disposition; busboy would read them as latin1
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { fileSize: limits.maxFileBytes, fieldSize: 64 * 1024, fields: 50 },
    });
  } catch {
    cleanup();
    throw new MultipartRefused('malformed');
  }

  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // the parser is what the pipeline waits for to the end: failing it fails the pipeline and stops the reading
  let refused = false;
  const refuse = (reason: MultipartRefused['reason']) => {
    if (refused) return;
    refused = true;
    parser.destroy(new MultipartRefused(reason));
  };
  // parts already in the parser's buffer may still surface after a refusal; their errors are the refusal's echo
  parser.on('error', () => {});
  parser.on('field', (field, value) => {
    if (!(field in fields)) fields[field] = value;
  });
  parser.on('file', (field, stream, info) => {
    const name = info.filename || 'image';
    if (refused || (limits.counts(name) && ++counted > limits.maxFiles)) {
      // not kept: drained, and failed with the parser when it is destroyed
      stream.on('error', () => {});
      stream.resume();
      refuse('too-many-files');
      return;
    }
    const file = path.join(dir, String(files.length));
    const entry: SpooledFile = { field, name, size: 0, tooLarge: false, read: () => fs.promises.readFile(file) };
    files.push(entry);
    stream.on('data', (chunk: Buffer) => (entry.size += chunk.length));
    stream.on('limit', () => {
      entry.tooLarge = true;
    });
    const written = pipeline(stream, fs.createWriteStream(file)).then(() => {
      if (entry.tooLarge) fs.rmSync(file, { force: true });
    });
    // a refused request fails its writes too; the refusal is what is reported
    written.catch(() => {});
    writes.push(written);
  });

  try {
    await pipeline(source, parser);
    await Promise.all(writes);
  } catch (err) {
    // the files being written end with the parser; the folder goes once none of them can still create its file
    await Promise.race([Promise.allSettled(writes), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    cleanup();
    if (err instanceof MultipartRefused) throw err;
    throw new MultipartRefused('malformed');
  }
  return { files, fields, cleanup };
}

/** Removes upload spools older than `olderThanMs` that a stopped or killed process left behind. */
export function removeStaleSpools(tmpDir: string, olderThanMs: number, now = Date.now()): number {
  let removed = 0;
  for (const entry of fs.readdirSync(tmpDir, { withFileTypes: true, encoding: 'utf8' }).filter((e) => e.isDirectory() && e.name.startsWith('upload-'))) {
    const dir = path.join(tmpDir, entry.name);
    if (now - fs.statSync(dir).mtimeMs > olderThanMs) {
      fs.rmSync(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
