import type { imageJobs } from '@server/db/schema.js';
import type { JobDto } from '@shared/jobs.js';
import { JOB_PHASES, type JobPhase } from '@shared/estimates.js';

export type JobRow = typeof imageJobs.$inferSelect;

export type { JobDto };

/** What a running job taken by a worker is doing, from its params; null otherwise. */
function phaseOf(job: JobRow): JobPhase | null {
  if (job.status !== 'processing' || !job.startedAt) return null;
  const p = job.params?.phase as { kind?: unknown; done?: unknown; total?: unknown } | undefined;
  if (!p || !(JOB_PHASES as readonly unknown[]).includes(p.kind)) return null;
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined);
  return { kind: p.kind as JobPhase['kind'], ...(p.kind === 'tiles' && { done: count(p.done) ?? 0, total: count(p.total) ?? 0 }) };
}

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
    phase: phaseOf(job),
    error_message: job.errorMessage,
    queued: job.queueJobId !== null,
    started_at: job.startedAt?.toISOString() ?? null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}
