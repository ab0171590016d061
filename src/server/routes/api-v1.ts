import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { validate } from '../http/validate.js';
import { contract, type RouteContract } from '../http/contract.js';
import { AppError } from '../errors.js';
import { attachment } from '../http/content-disposition.js';
import { idempotent, RATE_LIMIT_HEADERS, requireApiKey, requireScope, type ApiEnv } from '../http/api-key-auth.js';
import { receiveUploads } from '../http/receive-uploads.js';
import { apiV1WebhooksRoute } from './api-v1-webhooks.js';
import { readRemovalForm } from '../http/removal-form.js';
import { createEnhanceJob } from '../services/jobs/create-enhance-job.js';
import { createRemoveJob } from '../services/jobs/create-remove-job.js';
import { cancelJob } from '../services/jobs/cancel-job.js';
import { presentJob, presentJobs } from '../services/jobs/present-job.js';
import { getJob, listJobsPage } from '../services/jobs/list-jobs-page.js';
import { deleteVersion } from '../services/images/delete-version.js';
import { estimateAcceptedJob, quoteEnhancement, quoteJob, quoteRemoval } from '../services/jobs/quote-job.js';
import { deleteImage } from '../services/images/delete-image.js';
import { downloadImage } from '../services/downloads/download-image.js';
import { notifyLowCredits } from '../services/notifications/user-notifications.js';
import { requestFingerprint } from '../services/api-keys/idempotency.js';
import { fill } from '@shared/messages.js';
import { parseStorageUrl } from '@shared/url-checks.js';
import { CancelJobResponse, DeleteVersionResponse, JobIdParam, RemoveJobForm, type JobDto } from '@shared/api/jobs.js';
import { UploadForm, UploadResponse } from '@shared/api/uploads.js';
import { ImageIdParam } from '@shared/api/images.js';
import { API_DOWNLOAD_URL_TTL_SECONDS, PUBLIC_API_PREFIX, apiKeyMessages, type ApiKeyScope } from '@shared/api/api-keys.js';
import {
  V1CreateJobResponse,
  V1CreateRemoveJobResponse,
  V1DownloadLink,
  V1DownloadQuery,
  V1EnhanceRequest,
  V1JobResponse,
  V1JobsPage,
  V1JobsQuery,
  V1Quote,
  V1QuoteRequest,
} from '@shared/api/v1.js';

const CREATED_HEADERS = {
  ...RATE_LIMIT_HEADERS,
  Location: 'The new job’s address (GET it to follow the job)',
  'Idempotent-Replayed': '"true" when this is the stored answer to an earlier request with the same Idempotency-Key',
};

const doc = (summary: string, scope: ApiKeyScope, responses: RouteContract['responses'], extra: Partial<RouteContract> = {}) =>
  contract({ summary, tag: extra.tag ?? 'public api', access: 'apiKey', scopes: [scope], responses, headers: { 200: RATE_LIMIT_HEADERS }, ...extra });

const jobNotFound = () => new AppError('JOB_NOT_FOUND', 404, apiKeyMessages.jobNotFound);
const jobLocation = (job: JobDto) => `${PUBLIC_API_PREFIX}/jobs/${job.id}`;

/**
 * /api/v1: the public API, for pipelines, render farms and scripts. Every call carries an API key; the key acts as
 * its owner through the same services as the web app (the same jobs, queue, rules, credits and messages). Errors
 * answer RFC 9457 problem details (app.ts), every answer has X-Request-Id, RateLimit-Policy and RateLimit.
 */
export const apiV1Route = new Hono<ApiEnv>()
  // every call, an unknown path too (the reference and the OpenAPI document are the app's, registered before this)
  .use('*', requireApiKey)
  .post(
    '/uploads',
    doc(
      'Upload images (multipart, streamed): checked by content as in the web app',
      'images:write',
      { 201: UploadResponse, 200: UploadResponse },
      {
        body: { media: 'multipart/form-data', schema: UploadForm },
        headers: { 201: RATE_LIMIT_HEADERS, 200: RATE_LIMIT_HEADERS },
      },
    ),
    requireScope('images:write'),
    async (c) => {
      const { summary, status } = await receiveUploads(c, c.var.user!.id);
      return c.json(summary, status);
    },
  )
  .delete(
    '/images/:id',
    doc('Move an upload and its results to the trash', 'images:write', { 204: null }),
    requireScope('images:write'),
    validate('param', ImageIdParam),
    async (c) => {
      await deleteImage(c.var.deps, c.var.user!.id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .post(
    '/quote',
    doc('What a job would cost and make, without running it', 'jobs:read', { 200: V1Quote }),
    requireScope('jobs:read'),
    validate('json', V1QuoteRequest),
    async (c) => c.json(await quoteJob(c.var.deps, c.var.user!.id, c.req.valid('json'))),
  )
  .post(
    '/jobs',
    doc(
      'Start an enhancement (scale or exact target size, mode, strengths); spends credits',
      'jobs:write',
      { 201: V1CreateJobResponse },
      {
        idempotent: true,
        headers: { 201: CREATED_HEADERS },
      },
    ),
    requireScope('jobs:write'),
    validate('json', V1EnhanceRequest),
    async (c) => {
      const body = c.req.valid('json');
      return idempotent(c, requestFingerprint({ route: 'POST /jobs', body }), async () => {
        const deps = c.var.deps;
        // the time it will take, as the queue stands before it joins
        const { estimate } = await quoteEnhancement(deps, c.var.user!.id, body);
        const result = await createEnhanceJob(deps, c.var.user!, body);
        await notifyLowCredits(deps, c.var.user!.id);
        const job = await presentJob(deps, result.job);
        return { status: 201, body: { ...result, job, estimate }, headers: { Location: jobLocation(job) } };
      });
    },
  )
  .post(
    '/removals',
    doc(
      'Start an object removal: the image and a PNG mask at its resolution; spends credits',
      'jobs:write',
      { 201: V1CreateRemoveJobResponse },
      {
        idempotent: true,
        body: { media: 'multipart/form-data', schema: RemoveJobForm },
        headers: { 201: CREATED_HEADERS },
      },
    ),
    requireScope('jobs:write'),
    async (c) => {
      const form = await readRemovalForm(c);
      const fingerprint = requestFingerprint({
        route: 'POST /removals',
        imageId: form.imageId,
        sourceVersionId: form.sourceVersionId,
        seed: form.seed,
        mask: createHash('sha256').update(form.mask).digest('hex'),
      });
      return idempotent(c, fingerprint, async () => {
        const deps = c.var.deps;
        const { estimate } = await quoteRemoval(deps, c.var.user!.id, form);
        const result = await createRemoveJob(deps, c.var.user!, form);
        await notifyLowCredits(deps, c.var.user!.id);
        const job = await presentJob(deps, result.job);
        return { status: 201, body: { ...result, jobId: job.id, job, estimate }, headers: { Location: jobLocation(job) } };
      });
    },
  )
  .get(
    '/jobs',
    doc('The key owner’s jobs, newest first, a page at a time (next_cursor), optionally of some statuses', 'jobs:read', { 200: V1JobsPage }),
    requireScope('jobs:read'),
    validate('query', V1JobsQuery),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listJobsPage(c.var.deps, c.var.user!.id, { statuses: q.status, limit: q.limit, cursor: q.cursor });
      return c.json({ jobs: await presentJobs(c.var.deps, page.jobs), next_cursor: page.nextCursor });
    },
  )
  .get(
    '/jobs/:id',
    doc('One job: status, progress, ETA (eta_ms), cost, result', 'jobs:read', { 200: V1JobResponse }),
    requireScope('jobs:read'),
    validate('param', JobIdParam),
    async (c) => {
      const job = await getJob(c.var.deps, c.var.user!.id, c.req.valid('param').id);
      if (!job) throw jobNotFound();
      const estimate = job.status === 'processing' || job.status === 'pending' ? await estimateAcceptedJob(c.var.deps, job.id) : null;
      return c.json({ job: await presentJob(c.var.deps, job), estimate });
    },
  )
  .post(
    '/jobs/:id/cancel',
    doc('Cancel a job (its reservation is released: nothing is charged)', 'jobs:write', { 200: CancelJobResponse }),
    requireScope('jobs:write'),
    validate('param', JobIdParam),
    async (c) => {
      const result = await cancelJob(c.var.deps, c.var.user!, c.req.valid('param').id);
      return c.json({ ...result, job: await presentJob(c.var.deps, result.job) });
    },
  )
  .delete(
    '/jobs/:id',
    doc(
      'Delete a completed job’s result for good, with every version made from it (the job stays in lists as history; credits are not refunded)',
      'jobs:write',
      { 200: DeleteVersionResponse },
    ),
    requireScope('jobs:write'),
    validate('param', JobIdParam),
    async (c) => {
      const { jobIds } = await deleteVersion(c.var.deps, c.var.user!.id, c.req.valid('param').id);
      return c.json({ deleted_job_ids: jobIds });
    },
  )
  .get(
    '/jobs/:id/download',
    doc(
      'A completed job’s result: by default a redirect to a short-lived signed URL (JSON { url, expires_at } with Accept: application/json); the bytes with redirect=false, Accept: image/*, or any format option',
      'files:read',
      {
        302: { media: 'application/json', schema: V1DownloadLink, description: 'Found: Location is the signed URL (valid 5 minutes)' },
        200: {
          media: '*/*',
          description: 'The link as JSON (Accept: application/json), or the image as an attachment',
          schema: z.union([V1DownloadLink, z.file()]),
        },
      },
      { headers: { 302: { ...RATE_LIMIT_HEADERS, Location: 'The signed URL of the stored result' }, 200: RATE_LIMIT_HEADERS } },
    ),
    requireScope('files:read'),
    validate('param', JobIdParam),
    validate('query', V1DownloadQuery),
    async (c) => {
      const deps = c.var.deps;
      const job = await getJob(deps, c.var.user!.id, c.req.valid('param').id);
      if (!job) throw jobNotFound();
      const stored = job.status === 'completed' && job.result_image_id && job.processed_image_url ? parseStorageUrl(job.processed_image_url) : undefined;
      if (!stored || !job.result_image_id) throw new AppError('NOT_DOWNLOADABLE', 409, fill(apiKeyMessages.notDownloadable, { status: job.status }));
      const { redirect, ...options } = c.req.valid('query');
      const accept = c.req.header('accept') ?? '';
      const converted = Object.keys(c.req.query()).some((k) => k !== 'redirect');
      if (redirect === 'false' || /\bimage\//.test(accept) || converted) {
        const file = await downloadImage(deps, c.var.user!.id, job.result_image_id, options);
        return new Response(Readable.toWeb(file.body) as ReadableStream, {
          headers: {
            ...Object.fromEntries(c.res.headers),
            'Content-Type': file.contentType,
            'Content-Disposition': attachment(file.fileName),
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
            ...(file.size === undefined ? {} : { 'Content-Length': String(file.size) }),
          },
        });
      }
      const signed = await deps.storage.signUrl(stored.bucket, stored.filePath, API_DOWNLOAD_URL_TTL_SECONDS);
      const link = { url: new URL(signed.url, deps.config.BASE_URL).toString(), expires_at: signed.expiresAt.toISOString() };
      c.header('Cache-Control', 'private, no-store');
      if (/application\/json/.test(accept)) return c.json(link);
      return c.json(link, 302, { Location: link.url });
    },
  )
  .route('/webhooks', apiV1WebhooksRoute)
  // an unknown path of the public API answers a problem too, not the web app
  .all('*', (c) => {
    throw new AppError('NOT_FOUND', 404, fill(apiKeyMessages.routeNotFound, { method: c.req.method, path: new URL(c.req.url).pathname }));
  });
