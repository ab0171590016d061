import { useQuery } from '@tanstack/react-query';
import type { EnhancementMode, UpscaleFactor } from '@shared/enhancement';
import type { TargetSize } from '@shared/target-size';
import type { EstimateJobsResponse } from '@shared/api/estimates';
import { estimateApi } from '../api/estimate-api';

export interface EstimateSelection {
  /** The images a press would enhance, each with the version shown (null: the upload). */
  items: { imageId: string; versionId: string | null }[];
  scale: UpscaleFactor | null;
  target: TargetSize | null;
  mode: EnhancementMode | null;
  /** Jobs that ended so far: each one teaches the server's estimate, so the line is asked again. */
  finishedJobs: number;
}

/**
 * The cost and time of the selection before pressing, from the server (its measured throughput and its queue). Asked
 * again when the selection, scale, mode or the queue changes; a failed answer shows nothing rather than a guess.
 */
export function useEstimate(sel: EstimateSelection): { data: EstimateJobsResponse | null; loading: boolean } {
  const ready = sel.items.length > 0 && sel.mode !== null && (sel.scale !== null || sel.target !== null);
  const query = useQuery({
    queryKey: ['job-estimate', sel.items, sel.target ?? sel.scale, sel.mode, sel.finishedJobs],
    enabled: ready,
    staleTime: 10_000,
    // the queue moves while the panel is open
    refetchInterval: 20_000,
    placeholderData: (previous) => previous,
    queryFn: () =>
      estimateApi.estimate({
        items: sel.items.map((i) => ({ imageId: i.imageId, ...(i.versionId ? { sourceVersionId: i.versionId } : {}) })),
        ...(sel.target ? { targetSize: sel.target } : { scale: sel.scale! }),
        mode: sel.mode!,
      }),
  });
  return { data: ready ? (query.data ?? null) : null, loading: ready && query.isFetching && !query.data };
}
