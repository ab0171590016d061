/** Request schemas of the jobs API, shared by the web app's client and the server's validation. */
import { z } from 'zod';
import { msg } from './messages.js';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from './enhancement.js';

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

export const JobIdsQuery = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().uuid()).max(100)),
});

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

/** A job as the API and the live channel show it: the seed's snake_case fields plus real progress. */
export interface JobDto {
  id: string;
  status: JobStatus;
  workflow_type: 'enhance' | 'remove';
  target_image_id: string | null;
  result_image_id: string | null;
  original_image_url: string | null;
  processed_image_url: string | null;
  /**
   * The result scaled down to at most RESULT_PREVIEW_MAX_SIDE (WebP) for the canvas, where a hundred full-size
   * results would not stay fluid; absent for results stored before previews existed.
   */
  preview_url?: string | null;
  credits_used: number;
  credit_state: 'reserved' | 'charged' | 'released';
  scale: number | null;
  mode: string | null;
  progress: number;
  eta_ms: number | null;
  error_message: string | null;
  queued: boolean;
  started_at: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/jobs/queue: how many images this server works on at once, and where the user's waiting jobs stand. */
export interface JobQueueDto {
  workers: number;
  waiting: { id: string; position: number; expected_start_ms: number | null }[];
}
