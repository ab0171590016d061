import { useCallback, useEffect } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import type { EnhancementMode, UpscaleFactor } from '@shared/enhancement';
import type { TargetSize } from '@shared/target-size';
import { batchDone, batchKeysToSubmit, enhanceAllCandidates } from '@web/features/canvas-core/workspace-state';
import type { SubmitOutcome } from './useEnhance';
import { toastError, type WorkspaceCore } from './workspace-core';

/** Enhance all after the server refused a slot: try again this much later, or as soon as one of its jobs ends. */
const BATCH_HOLD_MS = 5_000;
/** A finished Enhance-all run stays on screen this long. */
const BATCH_CLEAR_MS = 2_500;

type Submit = (key: string, scale: UpscaleFactor, mode: EnhancementMode, opts?: { quietBusy?: boolean; target?: TargetSize | null }) => Promise<SubmitOutcome>;

/** Enhance all: the run's images wait in the reducer's batch and go out as the plan's slots free up. */
export function useBatchQueue(core: WorkspaceCore, limit: number, submit: Submit) {
  const { state, stateRef, dispatch, profileRef, inFlight } = core;

  const enhanceAll = useCallback(() => {
    const s = stateRef.current;
    if (!s.settings.scale) return toastError(msg('enhanceNoScale'));
    if (!s.settings.mode) return toastError(msg('enhanceNoMode'));
    const keys = enhanceAllCandidates(s);
    if (keys.length === 0) return toastError(msg('enhanceNoImage'));
    const p = profileRef.current;
    if (!p) return toastError(msg('enhanceAuthRequired'));
    if (p.credits_remaining < 1) return toastError(msg('enhanceInsufficientCredits'));
    dispatch({ type: 'batchStarted', keys, scale: s.settings.scale, target: s.settings.target, mode: s.settings.mode });
  }, [stateRef, profileRef, dispatch]);

  // submits the next Enhance-all images as the plan's slots free up
  useEffect(() => {
    const batch = state.batch;
    if (!batch || batchDone(state)) return;
    const now = Date.now();
    if (batch.heldUntil !== null && now < batch.heldUntil) {
      const t = setTimeout(() => dispatch({ type: 'batchResume' }), batch.heldUntil - now);
      return () => clearTimeout(t);
    }
    const next = batchKeysToSubmit(state, Math.max(0, limit - inFlight.current.size), now).filter((k) => !inFlight.current.has(k));
    for (const key of next) {
      dispatch({ type: 'batchSubmitted', key });
      void submit(key, batch.scale, batch.mode, { quietBusy: true, target: batch.target }).then((outcome) => {
        if (outcome === 'ok') return;
        if (outcome === 'busy') {
          // the server counts jobs this page does not see (another tab, a cleared card): wait for a slot
          dispatch({ type: 'batchRequeued', key, until: Date.now() + BATCH_HOLD_MS });
        } else if (outcome === 'no-credits') {
          // the rest would be refused alike: one message instead of one per image
          dispatch({ type: 'batchDropped', key });
          if (stateRef.current.batch?.waiting.length) {
            dispatch({ type: 'batchStopped' });
            toastError(msg('workspaceEnhanceAllNoCredits'));
          }
        } else dispatch({ type: 'batchDropped', key });
      });
    }
  }, [state, limit, submit]);

  // a finished run stays on screen a moment; progress of other jobs meanwhile does not keep it there
  const runDone = batchDone(state);
  useEffect(() => {
    if (!runDone) return;
    const t = setTimeout(() => dispatch({ type: 'batchCleared' }), BATCH_CLEAR_MS);
    return () => clearTimeout(t);
  }, [runDone]);

  const stopBatch = useCallback(() => {
    const waiting = stateRef.current.batch?.waiting.length ?? 0;
    if (waiting === 0) return;
    dispatch({ type: 'batchStopped' });
    toast(msg('workspaceEnhanceAllStopped', { n: waiting }));
  }, [stateRef, dispatch]);

  return { enhanceAll, stopBatch };
}
