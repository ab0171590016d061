import { useEffect } from 'react';
import { msg } from '@shared/messages';
import { hasActiveEnhancement } from '@web/features/canvas-core/workspace-state';
import type { WorkspaceCore } from './workspace-core';

/** While an enhancement runs, the browser asks before the page is left. Returns whether one runs. */
export function useLeaveWarning({ state }: WorkspaceCore): boolean {
  const busy = hasActiveEnhancement(state);
  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // browsers show their own text; the seed's is kept for the ones that still read it
      e.returnValue = msg('enhanceLeaveConfirm');
      return msg('enhanceLeaveConfirm');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [busy]);
  return busy;
}
