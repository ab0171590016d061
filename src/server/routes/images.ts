import { Readable } from 'node:stream';
import { z } from 'zod';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '@shared/messages.js';
import { contract } from '../http/contract.js';
import { ImageIdParam, ImagesResponse } from '@shared/api/images.js';
import { listWorkspaceImages } from '../services/images/list-workspace-images.js';
import { deleteImage } from '../services/images/delete-image.js';
import { ArchiveQuery, DownloadOptions } from '@shared/api/downloads.js';
import { downloadImage } from '../services/downloads/download-image.js';
import { downloadArchive } from '../services/downloads/download-archive.js';
import { attachment } from '../http/content-disposition.js';

const fileHeaders = (fileName: string, contentType: string, size?: number) => ({
  'Content-Type': contentType,
  'Content-Disposition': attachment(fileName),
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  ...(size === undefined ? {} : { 'Content-Length': String(size) }),
});

export const imagesRoute = new Hono<AppEnv>()
  .use(requireUser(msg('userAuthRequired')))
  .get(
    '/',
    contract({ summary: 'The user’s uploads with their results and running jobs', tag: 'images', access: 'user', responses: { 200: ImagesResponse } }),
    async (c) => c.json({ images: await listWorkspaceImages(c.var.deps, userOf(c).id) }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Move an upload and its results to the trash (see /api/trash)', tag: 'images', access: 'user', responses: { 204: null } }),
    validate('param', ImageIdParam),
    async (c) => {
      await deleteImage(c.var.deps, userOf(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .get(
    '/archive',
    contract({
      summary: 'Several images, or every image of a saved viewport, as one zip with a manifest.json, streamed',
      tag: 'images',
      access: 'user',
      responses: { 200: { media: 'application/zip', description: 'The zip; X-Archive-Entries says how many images it holds', schema: z.file() } },
    }),
    validate('query', ArchiveQuery),
    async (c) => {
      const { ids, viewportId, ...options } = c.req.valid('query');
      const zip = await downloadArchive(c.var.deps, userOf(c).id, { ids, viewportId }, options);
      return new Response(Readable.toWeb(zip.body) as ReadableStream, {
        headers: { ...fileHeaders(zip.fileName, 'application/zip'), 'X-Archive-Entries': String(zip.entries) },
      });
    },
  )
  .get(
    '/:id/download',
    contract({
      summary: 'An upload or a result as a file: the stored bytes, or converted on the server (PNG, JPEG, WebP, TIFF)',
      tag: 'images',
      access: 'user',
      responses: { 200: { media: 'image/*', description: 'The image, as an attachment', schema: z.file() } },
    }),
    validate('param', ImageIdParam),
    validate('query', DownloadOptions),
    async (c) => {
      const file = await downloadImage(c.var.deps, userOf(c).id, c.req.valid('param').id, c.req.valid('query'));
      return new Response(Readable.toWeb(file.body) as ReadableStream, { headers: fileHeaders(file.fileName, file.contentType, file.size) });
    },
  );
