/**
 * Where this user's waiting jobs stand in the server's queue, and how many images the server works on at once:
 * asked once, then every few seconds while a card waits for a worker (other users' jobs move the line too, and
 * they send this page no events).
 */
import { useEffect, useMemo, useState } from 'react';
import type { JobQueueDto } from '@shared/jobs';
import { workspaceApi } from '../api/workspace-api';
import type { QueueSpot } from '../lib/progress';
import type { WorkspaceState } from '@web/features/canvas-core/workspace-state';

const POLL_MS = 5_000;

export function useJobQueue(state: WorkspaceState) {
  const [queue, setQueue] = useState<JobQueueDto | null>(null);
  const waitingIds = state.images.flatMap((i) => (i.job && !i.job.started && i.job.progress <= 0 ? [i.job.id] : [])).join(',');
  useEffect(() => {
    let stop = false;
    const ask = () =>
      workspaceApi
        .queue()
        .then((q) => !stop && setQueue(q))
        .catch(() => undefined);
    void ask();
    if (!waitingIds) return () => void (stop = true);
    const t = setInterval(ask, POLL_MS);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [waitingIds]);
  return useMemo(() => {
    const spots = new Map<string, QueueSpot>((queue?.waiting ?? []).map((w) => [w.id, { position: w.position, expectedStartMs: w.expected_start_ms }]));
    return { workers: queue?.workers ?? null, spots };
  }, [queue]);
}
