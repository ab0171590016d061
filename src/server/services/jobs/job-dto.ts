import type { imageJobs } from '@server/db/schema.js';
import type { JobDto } from '@shared/jobs.js';

export type JobRow = typeof imageJobs.$inferSelect;

export type { JobDto };

export function toJobDto(job: JobRow): JobDto {
  return {
    id: job.id,
    status: job.status,
    workflow_type: job.workflowType,
    target_image_id: job.targetImageId,
    source_job_id: job.sourceJobId,
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
