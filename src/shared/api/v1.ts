/**
 * The public API's own requests and answers (`/api/v1`); jobs, uploads and errors are the web app's schemas
 * (jobs.ts, uploads.ts, common.ts), so both describe one thing one way.
 */
import { z } from 'zod';
import { msg } from '../messages.js';
import { DownloadOptions } from './downloads.js';
import { CreateJobResponse, CreateRemoveJobResponse, EnhanceJobRequest, enhanceFields, JobDto, JobStatus } from './jobs.js';
import { IsoDateTime } from './common.js';
import { API_JOBS_PAGE_DEFAULT, API_JOBS_PAGE_MAX } from './api-keys.js';

/** POST /api/v1/jobs: the web app's enhance request (image, scale or target size, mode, strengths). */
export const V1EnhanceRequest = EnhanceJobRequest;

/** POST /api/v1/quote: what a job would cost and take, without running it (the enhance body is the job's). */
export const V1QuoteRequest = z.discriminatedUnion('workflow', [
  z.strictObject({
    workflow: z.literal('enhance'),
    imageId: enhanceFields.imageId,
    scale: enhanceFields.scale,
    targetSize: enhanceFields.targetSize,
    mode: enhanceFields.mode,
    sourceVersionId: enhanceFields.sourceVersionId,
  }),
  z.strictObject({ workflow: z.literal('remove'), imageId: z.string().uuid({ message: msg('removeNoImage') }) }),
]);
export type V1QuoteRequest = z.infer<typeof V1QuoteRequest>;

/** How long a job would take: the queue's wait, then the engine's run, from this server's finished runs. */
export const V1JobEstimate = z
  .strictObject({
    /** From now until the result would be ready: the wait and the run's middle estimate. */
    eta_ms: z.number(),
    /** The engine's run, from this server's finished runs ('measured') or a cautious default until it has some. */
    run_seconds: z.strictObject({ low: z.number(), high: z.number(), basis: z.enum(['measured', 'unmeasured']) }),
    /** The queue's wait before a worker takes it. */
    wait_seconds: z.number(),
  })
  .meta({ id: 'V1JobEstimate' });
export type V1JobEstimate = z.infer<typeof V1JobEstimate>;

export const V1Quote = z
  .strictObject({
    workflow: z.enum(['enhance', 'remove']),
    credits: z.number().int(),
    credits_remaining: z.number().int(),
    affordable: z.boolean(),
    scale: z.number().nullable(),
    output: z.strictObject({ width: z.number().int(), height: z.number().int() }),
    ...V1JobEstimate.shape,
  })
  .meta({ id: 'V1Quote' });
export type V1Quote = z.infer<typeof V1Quote>;

/** GET /api/v1/jobs: newest first, `status` one or more (comma-separated). */
export const V1JobsQuery = z.object({
  status: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(JobStatus))
    .optional(),
  limit: z.coerce.number().int().min(1).max(API_JOBS_PAGE_MAX).default(API_JOBS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

export const V1JobsPage = z.strictObject({ jobs: z.array(JobDto), next_cursor: z.string().nullable() }).meta({ id: 'V1JobsPage' });
export type V1JobsPage = z.infer<typeof V1JobsPage>;

/** One job, with its time from now while it waits or runs (null once it has ended). */
export const V1JobResponse = z.strictObject({ job: JobDto, estimate: V1JobEstimate.nullable() }).meta({ id: 'V1JobResponse' });

/** GET /api/v1/jobs/{id}/download: a short-lived link by default; `redirect=false` (or Accept: image/*) sends the bytes. */
export const V1DownloadQuery = DownloadOptions.extend({ redirect: z.enum(['true', 'false']).optional() });
export const V1DownloadLink = z.strictObject({ url: z.string(), expires_at: IsoDateTime }).meta({ id: 'V1DownloadLink' });
export type V1DownloadLink = z.infer<typeof V1DownloadLink>;

/** POST /api/v1/jobs and /removals: the web app's answer, and the job's expected time as it was queued. */
export const V1CreateJobResponse = CreateJobResponse.extend({ estimate: V1JobEstimate });
export const V1CreateRemoveJobResponse = CreateRemoveJobResponse.extend({ estimate: V1JobEstimate });
