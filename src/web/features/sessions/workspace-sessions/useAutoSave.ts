import { useEffect, useMemo, useRef, useState } from 'react';
import { autoSaveEnabled } from '@web/lib/local-switches';
import { AUTO_SAVE_DELAY_MS, autoSaveWanted, createDebouncer, type AutoSaveStatus } from '../lib/auto-save';
import type { SessionCore } from './useSessionCore';
import type { SaveOutcome } from './useSessionSave';

/**
 * Auto-save images (Settings → General): with the switch on, the open session is updated quietly once the workspace
 * has rested for `AUTO_SAVE_DELAY_MS` after a change. No toast on success: the toolbar shows Saving… / Saved / Not saved;
 * a failure says once to save manually. A save refused because another device saved the session since pauses auto-save
 * of that session (`pausedFor`) and shows the choice once; the toolbar says why nothing is saved.
 */
export function useAutoSave(core: SessionCore, update: (options: { quiet: boolean }) => Promise<SaveOutcome>, saving: boolean, pausedFor: string | null) {
  const { phase, current, dirty, fp } = core;
  const [status, setStatus] = useState<AutoSaveStatus>('idle');
  const paused = current !== null && pausedFor === current.id;
  const inputs = () => ({ enabled: autoSaveEnabled(), ready: phase === 'ready', sessionId: current?.id ?? null, dirty, saving, paused });
  const latest = useRef(inputs);
  latest.current = inputs;
  const updateRef = useRef(update);
  updateRef.current = update;
  // the workspace as it was when an auto-save failed: not sent again until it changes (no retry loop against a
  // server that refuses or is gone; the user was told to save manually)
  const fpRef = useRef(fp);
  fpRef.current = fp;
  const failedFp = useRef<string | null>(null);

  const debouncer = useMemo(
    () =>
      createDebouncer(() => {
        // the switch, the session or the changes may have gone while the workspace rested
        if (!autoSaveWanted(latest.current())) return;
        setStatus('saving');
        const sent = fpRef.current;
        void updateRef.current({ quiet: true }).then((outcome) => {
          failedFp.current = outcome === 'saved' ? null : sent;
          setStatus(outcome);
        });
      }, AUTO_SAVE_DELAY_MS),
    [],
  );

  // every change (a new fingerprint) restarts the wait
  useEffect(() => {
    if (autoSaveWanted(inputs()) && fp !== failedFp.current) debouncer.touch();
    else if (!dirty || !current || paused) debouncer.cancel();
  }, [fp, dirty, current?.id, phase, saving, paused]);

  useEffect(() => () => debouncer.cancel(), [debouncer]);
  // another session shows nothing of the last one's saving
  useEffect(() => setStatus('idle'), [current?.id]);
  // a choice made (overwrite, reload) lifts the pause: nothing says 'newer save elsewhere' any more
  useEffect(() => {
    if (!paused) setStatus((s) => (s === 'conflict' ? 'idle' : s));
  }, [paused]);

  return status;
}
