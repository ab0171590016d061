/** POST /api/jobs/estimate: what an enhancement of the selection would cost and take, before it is started. */
import { z } from 'zod';
import { msg } from '../messages.js';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from '../enhancement.js';
import { TargetSize } from './jobs.js';

/** At most this many images are estimated at once (Enhance all on a full canvas). */
export const MAX_ESTIMATE_ITEMS = 100;

export const EstimateJobsRequest = z
  .strictObject({
    /** The images of the selection, each with the version to enhance (absent: the upload). */
    items: z
      .array(
        z.strictObject({
          imageId: z.string().uuid({ message: msg('enhanceNoImage') }),
          sourceVersionId: z
            .string()
            .uuid({ message: msg('versionNotFound') })
            .optional(),
        }),
      )
      .min(1, { message: msg('enhanceNoImage') })
      .max(MAX_ESTIMATE_ITEMS),
    scale: z
      .number({ message: msg('enhanceNoScale') })
      .refine((v) => (UPSCALE_FACTORS as readonly number[]).includes(v), { message: msg('enhanceNoScale') })
      .optional(),
    targetSize: TargetSize.optional(),
    mode: z.string({ message: msg('enhanceNoMode') }).refine((v) => (ENHANCEMENT_MODES as readonly string[]).includes(v), { message: msg('enhanceNoMode') }),
  })
  .superRefine((req, ctx) => {
    if (req.scale === undefined && req.targetSize === undefined) ctx.addIssue({ code: 'custom', path: ['scale'], message: msg('enhanceNoScale') });
    if (req.scale !== undefined && req.targetSize !== undefined) ctx.addIssue({ code: 'custom', path: ['targetSize'], message: msg('enhanceScaleOrTarget') });
  });
export type EstimateJobsRequest = z.infer<typeof EstimateJobsRequest>;

/** Seconds, low to high: `measured` on this server's finished jobs, or `unmeasured` (a wide range before any). */
export const TimeRange = z.strictObject({ low: z.number(), high: z.number(), basis: z.enum(['measured', 'unmeasured']) }).meta({ id: 'TimeRange' });

export const JobEstimateDto = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    image_id: z.string(),
    credits: z.number().int(),
    scale: z.number().int(),
    mode: z.string(),
    output: z.strictObject({ width: z.number().int(), height: z.number().int() }),
    /** The run itself, from a worker taking it to its result saved. */
    run_seconds: TimeRange,
    /** The queue's wait before a worker would take it, were it submitted now. */
    wait_seconds: z.number(),
    /** A kept result of the same version at the same mode and size: running again charges again. */
    same_as_before: z.strictObject({ job_id: z.string(), scale: z.number(), mode: z.string(), message: z.string() }).nullable(),
  }),
  /** An image that could not be enhanced so (too large, not found), with the message POST /api/jobs would give. */
  z.strictObject({ ok: z.literal(false), image_id: z.string(), code: z.string(), message: z.string() }),
]);
export type JobEstimateDto = z.infer<typeof JobEstimateDto>;

export const EstimateJobsResponse = z
  .strictObject({
    items: z.array(JobEstimateDto),
    /** What the images that can be enhanced would cost together (shared/credit-cost). */
    credits: z.number().int(),
    /** From now until the last of them ends: the queue's wait, then the jobs through this server's workers; null when none can run. */
    total_seconds: TimeRange.nullable(),
  })
  .meta({ id: 'EstimateJobsResponse' });
export type EstimateJobsResponse = z.infer<typeof EstimateJobsResponse>;
