import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/env.js';
import { AppError, unauthorized } from '../errors.js';
import { fill, messages } from '../../shared/messages.js';
import { storageMessages } from '../../shared/storage-messages.js';
import { contract } from '../http/contract.js';
import { UploadForm, UploadResponse } from '../../shared/api/uploads.js';
import { uploadImages, type IncomingFile } from '../services/uploads/upload-images.js';

/**
 * POST /api/uploads: multipart/form-data with one or more files under any field name. 201 with one result per
 * file when at least one was stored; 422 with the same results in error.details when none was; 413 when the
 * body is over UPLOAD_MAX_REQUEST_BYTES.
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
  (c, next) =>
    bodyLimit({
      maxSize: c.var.deps.config.UPLOAD_MAX_REQUEST_BYTES,
      // answered before the body is read, so the connection must not be reused for another request
      onError: (ctx) =>
        ctx.json(
          { error: { code: 'REQUEST_TOO_LARGE', message: fill(storageMessages.fileTooLarge, { n: ctx.var.deps.config.UPLOAD_MAX_REQUEST_BYTES }) } },
          413,
          { Connection: 'close' },
        ),
    })(c, next),
  async (c) => {
    const user = c.var.user!;
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      throw new AppError('INVALID_MULTIPART', 400, storageMessages.noFiles);
    }
    const files: IncomingFile[] = [];
    for (const value of Object.values(body).flat()) {
      if (value instanceof File) files.push({ name: value.name || 'image', data: Buffer.from(await value.arrayBuffer()) });
    }
    const summary: UploadResponse = await uploadImages(c.var.deps, user.id, files);
    if (summary.accepted === 0 && summary.rejected > 0) {
      const rejected = summary.results.filter((r) => r.status === 'rejected');
      const message = rejected.length === 1 ? rejected[0].error.message : fill(messages.uploadBatchResult, { ok: 0, failed: rejected.length });
      throw new AppError('UPLOAD_REJECTED', 422, message, summary);
    }
    return c.json(summary, summary.accepted > 0 ? 201 : 200);
  },
);
