import { eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { images } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { fill, messages } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import { SIGNED_URL_TTL, UPLOAD_MIN_FILE_BYTES, isIgnoredUploadName, normaliseFileName } from '@shared/limits.js';
import { contentTypeForKey } from '@server/ports/storage.js';
import { thumbnailKeyFor, uploadKey } from '../storage/paths.js';
import { inspectImage } from './inspect-image.js';
import type { AcceptedUpload, IgnoredUpload, RejectedUpload, UploadResultDto } from '@shared/storage-api.js';

/** A received file: its size known up front, its bytes read only when it is its turn (one file in memory at a time). */
export interface IncomingFile {
  name: string;
  size: number;
  /** Set when the file went past the per-file limit while it was received: its bytes were not kept. */
  tooLarge?: boolean;
  read(): Promise<Buffer>;
}

export const fileFromBuffer = (name: string, data: Buffer): IncomingFile => ({ name, size: data.length, read: async () => data });

export type { AcceptedUpload, RejectedUpload, IgnoredUpload };
export type UploadResult = UploadResultDto;

export interface UploadSummary {
  results: UploadResult[];
  accepted: number;
  rejected: number;
  ignored: number;
}

const BUCKET = 'user-images' as const;
// seed 001 §7.4: uploads carry cache control 3600; objects are private to their signed URLs
const CACHE_CONTROL = 'private, max-age=3600';

const formatBytes = (n: number) =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

async function storedBytes(deps: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${images.bytes}), 0)` })
    .from(images)
    .where(eq(images.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Stores a batch of uploaded files for a user (seed 001 §7.4). Each file is judged on its own: the answer
 * lists every file as accepted, rejected (with the reason) or ignored, so the client can show per-file
 * failures and 'N images uploaded successfully, M failed'. A rejected file leaves no object and no row.
 */
export async function uploadImages(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'clock' | 'logger'>,
  userId: string,
  files: IncomingFile[],
): Promise<UploadSummary> {
  const { UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_PIXELS, USER_STORAGE_QUOTA_BYTES } = deps.config;
  if (files.length === 0) throw new AppError('NO_FILES', 400, storageMessages.noFiles);
  const counted = files.filter((f) => !isIgnoredUploadName(f.name));
  if (counted.length > UPLOAD_MAX_FILES) throw new AppError('TOO_MANY_FILES', 400, storageMessages.tooManyFiles, { maxFiles: UPLOAD_MAX_FILES });

  let used = await storedBytes(deps, userId);
  const results: UploadResult[] = [];
  for (const incoming of files) {
    const file = { ...incoming, name: normaliseFileName(incoming.name) };
    if (isIgnoredUploadName(file.name)) {
      results.push({ status: 'ignored', name: file.name });
      continue;
    }
    const reject = (code: string, message: string) => results.push({ status: 'rejected', name: file.name, error: { code, message } });
    if (file.tooLarge || file.size > UPLOAD_MAX_FILE_BYTES) {
      reject('FILE_TOO_LARGE', fill(storageMessages.fileTooLarge, { n: UPLOAD_MAX_FILE_BYTES }));
      continue;
    }
    // an empty file keeps its own message ('The file is empty'); a few bytes cannot be an image of any accepted format
    if (file.size > 0 && file.size < UPLOAD_MIN_FILE_BYTES) {
      reject('FILE_TOO_SMALL', fill(storageMessages.fileTooSmall, { n: UPLOAD_MIN_FILE_BYTES }));
      continue;
    }
    if (used + file.size > USER_STORAGE_QUOTA_BYTES) {
      reject('STORAGE_QUOTA_EXCEEDED', fill(storageMessages.storageQuotaExceeded, { used: formatBytes(used), quota: formatBytes(USER_STORAGE_QUOTA_BYTES) }));
      continue;
    }
    const data = await file.read();
    let inspected;
    try {
      inspected = await inspectImage(data, { maxPixels: UPLOAD_MAX_PIXELS });
    } catch (err) {
      if (err instanceof AppError) reject(err.code, err.message);
      else throw err;
      continue;
    }
    try {
      results.push(await store(deps, userId, { name: file.name, data }, inspected));
      used += data.length;
    } catch (err) {
      deps.logger.error({ err, userId, name: file.name }, 'storing an upload failed');
      reject('STORAGE_FAILED', fill(messages.storageUploadFailed, { message: err instanceof AppError ? err.message : 'the file could not be saved' }));
    }
  }
  return {
    results,
    accepted: results.filter((r) => r.status === 'accepted').length,
    rejected: results.filter((r) => r.status === 'rejected').length,
    ignored: results.filter((r) => r.status === 'ignored').length,
  };
}

async function store(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: string,
  file: { name: string; data: Buffer },
  inspected: Awaited<ReturnType<typeof inspectImage>>,
): Promise<AcceptedUpload> {
  const key = uploadKey(userId, file.name, inspected.format, deps.clock());
  const thumbKey = thumbnailKeyFor(key);
  const written: string[] = [];
  let rowId: string | undefined;
  try {
    await deps.storage.put(BUCKET, key, file.data, { contentType: contentTypeForKey(key), cacheControl: CACHE_CONTROL });
    written.push(key);
    await deps.storage.put(BUCKET, thumbKey, inspected.thumbnail.data, { contentType: 'image/webp', cacheControl: CACHE_CONTROL });
    written.push(thumbKey);
    const [row] = await deps.db
      .insert(images)
      .values({
        userId,
        bucket: BUCKET,
        path: key,
        originalName: file.name,
        width: inspected.width,
        height: inspected.height,
        bytes: file.data.length,
        format: inspected.format,
      })
      .returning({ id: images.id });
    rowId = row.id;
    const [url, thumbUrl] = await Promise.all([
      deps.storage.signUrl(BUCKET, key, SIGNED_URL_TTL.upload),
      deps.storage.signUrl(BUCKET, thumbKey, SIGNED_URL_TTL.upload),
    ]);
    return {
      status: 'accepted',
      name: file.name,
      id: row.id,
      bucket: BUCKET,
      filePath: key,
      url: url.url,
      expiresAt: url.expiresAt.toISOString(),
      thumbnailPath: thumbKey,
      thumbnailUrl: thumbUrl.url,
      width: inspected.width,
      height: inspected.height,
      format: inspected.format,
      bytes: file.data.length,
    };
  } catch (err) {
    // no half-stored upload: whatever was written goes
    if (rowId)
      await deps.db
        .delete(images)
        .where(eq(images.id, rowId))
        .catch(() => {});
    await Promise.all(written.map((k) => deps.storage.delete(BUCKET, k).catch(() => {})));
    throw err;
  }
}
