import { useCallback } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { workspaceApi } from '../api/workspace-api';
import type { JobDto } from '@web/features/canvas-core/types';
import { isStuck } from '@web/features/canvas-core/workspace-state';
import { busyCards, planStuckFix } from '../lib/stuck-jobs';
import type { WorkspaceCore } from './workspace-core';

/** 'Fix stuck jobs': every processing card is checked against the server. */
export function useStuckJobs({ stateRef, dispatch }: WorkspaceCore, applyJob: (job: JobDto) => void) {
  return useCallback(async () => {
    // ended jobs are applied, jobs the server no longer has are cleared
    const cards = busyCards(stateRef.current.images);
    let plan: ReturnType<typeof planStuckFix> | null = null;
    if (cards.length > 0) {
      try {
        plan = planStuckFix(cards, (await workspaceApi.jobs(cards.slice(0, 100).map((c) => c.job!.id))).jobs);
      } catch {
        plan = null;
      }
    }
    for (const job of plan?.updates ?? []) applyJob(job);
    for (const key of plan?.clear ?? []) dispatch({ type: 'cancelledLocally', key });
    const now = Date.now();
    const stuck = stateRef.current.images.filter((i) => isStuck(i, now) && !plan?.clear.includes(i.key));
    if (stuck.length > 0) dispatch({ type: 'clearStuck', now });
    const fixed = (plan ? plan.updates.length + plan.clear.length : 0) + stuck.length;
    if (fixed === 0) toast(msg('workspaceStuckNone'));
    else toast.info(msg('stuckJobsCleared', { n: fixed }));
  }, [applyJob, stateRef, dispatch]);
}
