import { useEffect } from 'react';
import { msg } from '@shared/messages';
import { hasActiveEnhancement } from '@web/features/canvas-core/workspace-state';
import type { WorkspaceCore } from './workspace-core';

/**
 * Cancels the page's running jobs as it goes away (seed 001 §7.5: cancel on unload). A keepalive request outlives
 * the page and carries its cookie and Origin like any other, so the server releases the reserved credits. Jobs
 * already being cancelled are left to that request.
 */
export function cancelJobsOnClose(jobIds: string[]) {
  for (const id of jobIds) {
    void fetch(`/api/jobs/${encodeURIComponent(id)}/cancel`, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => {});
  }
}

/**
 * While an enhancement runs, the browser asks before the page is left; when the user leaves anyway, the running jobs
 * are cancelled. Returns whether one runs.
 */
export function useLeaveWarning({ state, stateRef, dispatch }: WorkspaceCore): boolean {
  const busy = hasActiveEnhancement(state);
  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // browsers show their own text; the seed's is kept for the ones that still read it
      e.returnValue = msg('enhanceLeaveConfirm');
      return msg('enhanceLeaveConfirm');
    };
    // pagehide, not unload: it also fires on phones when a tab is closed, and keeps the page eligible for the back-forward cache
    const onPageHide = () => {
      const running = stateRef.current.images.filter((i) => i.status === 'processing' && i.job);
      cancelJobsOnClose(running.map((i) => i.job!.id));
      for (const i of running) dispatch({ type: 'cancelRequested', key: i.key });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [busy, stateRef, dispatch]);
  return busy;
}
