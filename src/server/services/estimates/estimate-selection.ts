import type { EstimateJobsRequest, EstimateJobsResponse } from '@shared/api/estimates.js';
import { sameAsBeforeWarning } from '@shared/estimates.js';
import { estimateBatch, type EstimateDeps } from './estimate-job.js';

/** POST /api/jobs/estimate: the selection's estimates as the API answers them, with the same-settings warning worded. */
export async function estimateSelection(deps: EstimateDeps, userId: string, req: EstimateJobsRequest): Promise<EstimateJobsResponse> {
  const batch = await estimateBatch(deps, userId, req);
  return {
    items: batch.items.map((item) => {
      if (!item.ok) return { ok: false as const, image_id: item.imageId, code: item.code, message: item.message };
      const e = item.estimate;
      return {
        ok: true as const,
        image_id: e.imageId,
        credits: e.credits,
        scale: e.scale,
        mode: e.mode,
        output: e.output,
        run_seconds: e.runSeconds,
        wait_seconds: e.waitSeconds,
        same_as_before: e.sameAsBefore && {
          job_id: e.sameAsBefore.jobId,
          scale: e.sameAsBefore.scale,
          mode: e.sameAsBefore.mode,
          message: sameAsBeforeWarning(e.sameAsBefore.scale, e.sameAsBefore.mode),
        },
      };
    }),
    credits: batch.credits,
    total_seconds: batch.totalSeconds,
  };
}
