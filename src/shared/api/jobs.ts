/** The jobs API (/api/jobs): what a client sends to start, cancel and follow enhancement and removal jobs, and what it gets back. */
import { z } from 'zod';
import { msg } from '../messages.js';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from '../enhancement.js';
import { IsoDateTime } from './common.js';

export const EnhanceJobRequest = z.object({
  imageId: z.string().uuid({ message: msg('enhanceNoImage') }),
  scale: z.number({ message: msg('enhanceNoScale') }).refine((v) => (UPSCALE_FACTORS as readonly number[]).includes(v), { message: msg('enhanceNoScale') }),
  mode: z.string({ message: msg('enhanceNoMode') }).refine((v) => (ENHANCEMENT_MODES as readonly string[]).includes(v), { message: msg('enhanceNoMode') }),
  params: z
    .object({ creativity: z.number().min(0).max(100), detail: z.number().min(0).max(100), precision: z.number().min(0).max(100) })
    .partial()
    .optional(),
});
export type EnhanceJobRequest = z.infer<typeof EnhanceJobRequest>;

/** POST /api/jobs/remove (multipart): the image and a PNG mask at its resolution; `imageId` and `mask` are accepted too. */
export const RemoveJobForm = z.object({ targetImageId: z.string().uuid(), maskImage: z.file() });

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

export const JobsResponse = z.strictObject({ jobs: z.array(JobDto) });
export type JobsResponse = z.infer<typeof JobsResponse>;

/** GET /api/jobs/recent (seed 001 §7.2 recent activity): the last 10 jobs, newest first. */
export const RecentActivityResponse = z.strictObject({
  jobs: z.array(z.strictObject({ id: z.string(), credits_used: z.number(), status: JobStatus, created_at: IsoDateTime, workflow_type: WorkflowType })),
});
export type RecentActivityResponse = z.infer<typeof RecentActivityResponse>;
