import type { imageJobs } from '../../db/schema.js';

export type JobRow = typeof imageJobs.$inferSelect;

/** A job as the API and the live channel show it: the seed's snake_case fields plus real progress. */
export interface JobDto {
  id: string;
  status: JobRow['status'];
  workflow_type: JobRow['workflowType'];
  target_image_id: string | null;
  result_image_id: string | null;
  original_image_url: string | null;
  processed_image_url: string | null;
  credits_used: number;
  credit_state: JobRow['creditState'];
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

export function toJobDto(job: JobRow): JobDto {
  return {
    id: job.id,
    status: job.status,
    workflow_type: job.workflowType,
    target_image_id: job.targetImageId,
    result_image_id: job.resultImageId,
    original_image_url: job.originalImageUrl,
    processed_image_url: job.processedImageUrl,
    credits_used: job.creditsUsed,
    credit_state: job.creditState,
    scale: job.scale,
    mode: job.mode,
    progress: job.progress,
    eta_ms: job.etaMs,
    error_message: job.errorMessage,
    queued: job.queueJobId !== null,
    started_at: job.startedAt?.toISOString() ?? null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}
