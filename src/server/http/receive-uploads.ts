import type { Context } from 'hono';
import type { AppEnv } from './env.js';
import { AppError } from '../errors.js';
import { fill, messages } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import type { UploadResponse } from '@shared/api/uploads.js';
import { isIgnoredUploadName } from '@shared/limits.js';
import { uploadImages } from '../services/uploads/upload-images.js';
import { publishUploads } from '../services/images/publish-images.js';
import { MultipartRefused, spoolMultipartFiles } from './multipart-files.js';

/**
 * A multipart upload of one or more images, streamed to temporary files (memory holds one file at a time, however
 * large the request) and handed to the uploads service, which checks each by content and stores it. 201 when at least
 * one was stored, 200 when every file was ignored (.DS_Store, Thumbs.db); none stored: 422 with the results in details.
 * The web app's /api/uploads and the public API's /api/v1/uploads both take their uploads here.
 */
export async function receiveUploads<E extends AppEnv>(c: Context<E>, userId: string): Promise<{ summary: UploadResponse; status: 200 | 201 }> {
  const { config } = c.var.deps;
  let spooled;
  try {
    spooled = await spoolMultipartFiles(c.req.raw, {
      counts: (name) => !isIgnoredUploadName(name),
      maxFiles: config.UPLOAD_MAX_FILES,
      maxFileBytes: config.UPLOAD_MAX_FILE_BYTES,
      tmpDir: config.paths.tmp,
    });
  } catch (err) {
    if (!(err instanceof MultipartRefused)) throw err;
    if (err.reason === 'too-many-files') {
      // refused before the body was read to the end: the connection is not reused for another request
      c.header('Connection', 'close');
      throw new AppError('TOO_MANY_FILES', 400, storageMessages.tooManyFiles, { maxFiles: config.UPLOAD_MAX_FILES });
    }
    throw new AppError('INVALID_MULTIPART', 400, storageMessages.uploadMalformed);
  }
  let summary: UploadResponse;
  try {
    summary = await uploadImages(c.var.deps, userId, spooled.files);
  } finally {
    spooled.cleanup();
  }
  await publishUploads(
    c.var.deps,
    userId,
    summary.results.flatMap((r) => (r.status === 'accepted' ? [r.id] : [])),
  );
  if (summary.accepted === 0 && summary.rejected > 0) {
    const rejected = summary.results.filter((r) => r.status === 'rejected');
    const message = rejected.length === 1 ? rejected[0].error.message : fill(messages.uploadBatchResult, { ok: 0, failed: rejected.length });
    throw new AppError('UPLOAD_REJECTED', 422, message, summary);
  }
  return { summary, status: summary.accepted > 0 ? 201 : 200 };
}
