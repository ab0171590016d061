/** The jobs API (/api/jobs): what a client sends to start, cancel and follow enhancement and removal jobs, and what it gets back. */
import { z } from 'zod';
import { msg } from '../messages.js';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from '../enhancement.js';
import { IsoDateTime } from './common.js';
import { JOB_PHASES } from '../estimates.js';
import { MAX_TARGET_SIDE, PAPER_SIZES, PRINT_DPIS, SCREEN_PRESETS, type TargetSize as TargetSizeType } from '../target-size.js';
import { FILL_SEED_MAX } from '../removal.js';

const Side = z
  .number({ message: msg('targetSizeInvalid') })
  .int({ message: msg('targetSizeInvalid') })
  .min(1, { message: msg('targetSizeInvalid') })
  .max(MAX_TARGET_SIDE, { message: msg('targetSizeInvalid') });
const keyOf = <T extends Record<string, unknown>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

/** An exact output size: a width or a height in pixels, a screen (fit inside), or a print size at a density. */
export const TargetSize = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('width'), width: Side }),
    z.strictObject({ kind: z.literal('height'), height: Side }),
    z.strictObject({ kind: z.literal('screen'), preset: z.enum(keyOf(SCREEN_PRESETS), { message: msg('targetSizeInvalid') }) }),
    z.strictObject({
      kind: z.literal('print'),
      paper: z.enum(keyOf(PAPER_SIZES), { message: msg('targetSizeInvalid') }),
      dpi: z.union(PRINT_DPIS.map((d) => z.literal(d)) as [z.ZodLiteral<150>, z.ZodLiteral<300>], { message: msg('targetSizeInvalid') }),
    }),
  ],
  { message: msg('targetSizeInvalid') },
) satisfies z.ZodType<TargetSizeType>;

/** What an enhancement is asked for (the web app's job, the public API's job and quote): one set of fields and messages. */
export const enhanceFields = {
  imageId: z.string().uuid({ message: msg('enhanceNoImage') }),
  /** One of `scale` and `targetSize` (checked below): a factor, or an exact size reached by the smallest scale that covers it. */
  scale: z
    .number({ message: msg('enhanceNoScale') })
    .refine((v) => (UPSCALE_FACTORS as readonly number[]).includes(v), { message: msg('enhanceNoScale') })
    .optional(),
  targetSize: TargetSize.optional(),
  mode: z.string({ message: msg('enhanceNoMode') }).refine((v) => (ENHANCEMENT_MODES as readonly string[]).includes(v), { message: msg('enhanceNoMode') }),
  /**
   * The version to enhance: a completed job of this image (its result is the input, its size sets the cost and the
   * output limit). Absent: the upload itself.
   */
  sourceVersionId: z
    .string()
    .uuid({ message: msg('versionNotFound') })
    .optional(),
};

export const EnhanceJobRequest = z
  .object({
    ...enhanceFields,
    params: z
      .object({ creativity: z.number().min(0).max(100), detail: z.number().min(0).max(100), precision: z.number().min(0).max(100) })
      .partial()
      .optional(),
  })
  .superRefine((req, ctx) => {
    if (req.scale === undefined && req.targetSize === undefined) ctx.addIssue({ code: 'custom', path: ['scale'], message: msg('enhanceNoScale') });
    if (req.scale !== undefined && req.targetSize !== undefined) ctx.addIssue({ code: 'custom', path: ['targetSize'], message: msg('enhanceScaleOrTarget') });
  });
export type EnhanceJobRequest = z.infer<typeof EnhanceJobRequest>;

/**
 * POST /api/jobs/remove (multipart): the image and a PNG mask at its resolution; `imageId` and `mask` are accepted too.
 * `sourceVersionId`, a completed job of the image, removes from that version (the mask at its size).
 */
export const RemoveJobForm = z.object({
  targetImageId: z.string().uuid(),
  maskImage: z.file(),
  sourceVersionId: z.string().uuid().optional(),
  /** The fill's seed, 0 to 2³¹−1: the same seed gives the same fill; absent: the engine's default. */
  seed: z.coerce.number().int().min(0).max(FILL_SEED_MAX).optional(),
});

export const JobIdParam = z.object({ id: z.string().uuid({ message: msg('cancelNoActiveJob') }) });

export const JobIdsQuery = z.object({
  ids: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().uuid()).max(100)),
});

export const CompletedJobsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

export const JobStatus = z.enum(['pending', 'processing', 'completed', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatus>;

const WorkflowType = z.enum(['enhance', 'remove']);

/** A job as the API and the live channel show it: the seed's snake_case fields plus real progress. */
export const JobDto = z
  .strictObject({
    id: z.string(),
    status: JobStatus,
    workflow_type: WorkflowType,
    target_image_id: z.string().nullable(),
    /** The version the job started from (a completed job); null: the upload. */
    source_job_id: z.string().nullable().optional(),
    result_image_id: z.string().nullable(),
    original_image_url: z.string().nullable(),
    processed_image_url: z.string().nullable(),
    /**
     * The result scaled down to at most RESULT_PREVIEW_MAX_SIDE (WebP) for the canvas, where a hundred full-size
     * results would not stay fluid; absent for results stored before previews existed.
     */
    preview_url: z.string().nullable().optional(),
    credits_used: z.number(),
    credit_state: z.enum(['reserved', 'charged', 'released']),
    scale: z.number().nullable(),
    mode: z.string().nullable(),
    progress: z.number(),
    eta_ms: z.number().nullable(),
    /** What a running job taken by a worker is doing: loading its model, tile `done` of `total`, saving; null otherwise. */
    phase: z
      .strictObject({ kind: z.enum(JOB_PHASES), done: z.number().int().optional(), total: z.number().int().optional() })
      .nullable()
      .optional(),
    error_message: z.string().nullable(),
    queued: z.boolean(),
    started_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'JobDto' });
export type JobDto = z.infer<typeof JobDto>;

/** GET /api/jobs/queue: how many images this server works on at once, and where the user's waiting jobs stand. */
export const JobQueueDto = z
  .strictObject({
    workers: z.number().int(),
    waiting: z.array(z.strictObject({ id: z.string(), position: z.number().int(), expected_start_ms: z.number().nullable() })),
  })
  .meta({ id: 'JobQueueDto' });
export type JobQueueDto = z.infer<typeof JobQueueDto>;

/** POST /api/jobs: the job (status processing) and the balance after its reservation. */
export const CreateJobResponse = z.strictObject({ job: JobDto, credits_remaining: z.number() });
export type CreateJobResponse = z.infer<typeof CreateJobResponse>;

/** POST /api/jobs/remove: as POST /api/jobs, with the job's id beside it (seed 001 §7.5 process-image-remove). */
export const CreateRemoveJobResponse = CreateJobResponse.extend({ jobId: z.string() });
export type CreateRemoveJobResponse = z.infer<typeof CreateRemoveJobResponse>;

export const CancelJobResponse = z.strictObject({
  success: z.boolean(),
  cancelled_early: z.boolean(),
  message: z.string(),
  job: JobDto,
  credits_remaining: z.number(),
});
export type CancelJobResponse = z.infer<typeof CancelJobResponse>;

/** DELETE /api/jobs/{id}/result and DELETE /api/v1/jobs/{id}: the jobs whose results went (the version and those made from it). */
export const DeleteVersionResponse = z.strictObject({ deleted_job_ids: z.array(z.string()) }).meta({ id: 'DeleteVersionResponse' });
export type DeleteVersionResponse = z.infer<typeof DeleteVersionResponse>;

export const JobsResponse = z.strictObject({ jobs: z.array(JobDto) });
export type JobsResponse = z.infer<typeof JobsResponse>;

/** GET /api/jobs/recent (seed 001 §7.2 recent activity): the last 10 jobs, newest first. */
export const RecentActivityResponse = z.strictObject({
  jobs: z.array(z.strictObject({ id: z.string(), credits_used: z.number(), status: JobStatus, created_at: IsoDateTime, workflow_type: WorkflowType })),
});
export type RecentActivityResponse = z.infer<typeof RecentActivityResponse>;
