/**
 * One ETA for a batch (Enhance all, several selected): at first the server's estimate made before pressing, then, once
 * a tenth of the batch is done, the batch's own pace (the time so far over the share done), which knows this run.
 */
export function batchEtaMs(b: { startedAt: number; estimateMs: number | null; fraction: number }, now: number): number | null {
  const elapsed = Math.max(0, now - b.startedAt);
  if (b.fraction >= 0.1 && b.fraction < 1) return Math.round((elapsed / b.fraction) * (1 - b.fraction));
  if (b.estimateMs === null) return null;
  return Math.max(0, b.estimateMs - elapsed);
}
