import { useEffect, useRef, useState } from 'react';
import type { EstimateJobsResponse } from '@shared/api/estimates';
import { batchEtaMs } from '../lib/batch-eta';

/**
 * The running batch's one ETA in ms (null: none to show). The estimate shown before pressing is kept when the batch
 * starts; the ETA then counts down from it and follows the batch's own pace (lib/batch-eta.ts). Ticks once a second.
 */
export function useBatchEta(batch: { total: number; fraction: number } | null, estimate: EstimateJobsResponse | null): number | null {
  const lastEstimate = useRef(estimate);
  const run = useRef<{ startedAt: number; estimateMs: number | null } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  if (!batch) {
    run.current = null;
    lastEstimate.current = estimate;
  } else if (!run.current) {
    const t = lastEstimate.current?.total_seconds;
    run.current = { startedAt: Date.now(), estimateMs: t ? ((t.low + t.high) / 2) * 1000 : null };
  }
  const active = batch !== null;
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  if (!batch || !run.current) return null;
  return batchEtaMs({ ...run.current, fraction: batch.fraction }, now);
}
