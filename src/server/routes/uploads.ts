import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { unauthorized } from '../errors.js';
import { messages } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { UploadForm, UploadResponse } from '@shared/api/uploads.js';
import { receiveUploads } from '../http/receive-uploads.js';

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
    const { summary, status } = await receiveUploads(c, c.var.user!.id);
    return c.json(summary, status);
  },
);
