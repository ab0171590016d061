import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { AppError, unauthorized } from '../errors.js';
import { fill, messages } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import { contract } from '../http/contract.js';
import { UploadForm, UploadResponse } from '@shared/api/uploads.js';
import { uploadImages } from '../services/uploads/upload-images.js';
import { publishUploads } from '../services/images/publish-images.js';
import { isIgnoredUploadName } from '@shared/limits.js';
import { MultipartRefused, spoolMultipartFiles } from '../http/multipart-files.js';

/**
 * POST /api/uploads: multipart/form-data with one or more files under any field name. 201 with one result per
 * file when at least one was stored; 422 with the same results in error.details when none was; 413 when the
 * body is over UPLOAD_MAX_REQUEST_BYTES (http/body-limit.ts, while it arrives).
 */
export const uploads = new Hono<AppEnv>().post(
  '/',
  contract({
    summary: 'Upload images (checked by content, stored, thumbnailed)',
    tag: 'images',
    access: 'user',
    body: { media: 'multipart/form-data', schema: UploadForm },
    // 200: every file was ignored (.DS_Store, Thumbs.db); 422 carries the same results in error.details
    responses: { 201: UploadResponse, 200: UploadResponse },
  }),
  async (c, next) => {
    // signed-out requests are turned away before their body is read
    if (!c.var.user) throw unauthorized(messages.userAuthRequired);
    await next();
  },
  async (c) => {
    const user = c.var.user!;
    const { config } = c.var.deps;
    let spooled;
    try {
      // streamed to temporary files: memory holds one file at a time, however large the request
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
        return c.json({ error: { code: 'TOO_MANY_FILES', message: storageMessages.tooManyFiles, details: { maxFiles: config.UPLOAD_MAX_FILES } } }, 400, {
          Connection: 'close',
        });
      }
      throw new AppError('INVALID_MULTIPART', 400, storageMessages.uploadMalformed);
    }
    let summary: UploadResponse;
    try {
      summary = await uploadImages(c.var.deps, user.id, spooled.files);
    } finally {
      spooled.cleanup();
    }
    await publishUploads(
      c.var.deps,
      user.id,
      summary.results.flatMap((r) => (r.status === 'accepted' ? [r.id] : [])),
    );
    if (summary.accepted === 0 && summary.rejected > 0) {
      const rejected = summary.results.filter((r) => r.status === 'rejected');
      const message = rejected.length === 1 ? rejected[0].error.message : fill(messages.uploadBatchResult, { ok: 0, failed: rejected.length });
      throw new AppError('UPLOAD_REJECTED', 422, message, summary);
    }
    return c.json(summary, summary.accepted > 0 ? 201 : 200);
  },
);
