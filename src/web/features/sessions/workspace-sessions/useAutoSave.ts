import { useEffect, useMemo, useRef, useState } from 'react';
import { autoSaveEnabled } from '@web/lib/local-switches';
import { AUTO_SAVE_DELAY_MS, autoSaveWanted, createDebouncer, type AutoSaveStatus } from '../lib/auto-save';
import type { SessionCore } from './useSessionCore';

/**
 * Auto-save images (Settings → General): with the switch on, the open session is updated quietly once the workspace
 * has rested for `AUTO_SAVE_DELAY_MS` after a change. No toast on success: the toolbar shows Saving… / Saved / Not saved;
 * a failure says once to save manually.
 */
export function useAutoSave(core: SessionCore, update: (quiet?: boolean) => Promise<boolean>, saving: boolean) {
  const { phase, current, dirty, fp } = core;
  const [status, setStatus] = useState<AutoSaveStatus>('idle');
  const inputs = () => ({ enabled: autoSaveEnabled(), ready: phase === 'ready', sessionId: current?.id ?? null, dirty, saving });
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
        void updateRef.current(true).then((ok) => {
          failedFp.current = ok ? null : sent;
          setStatus(ok ? 'saved' : 'failed');
        });
      }, AUTO_SAVE_DELAY_MS),
    [],
  );

  // every change (a new fingerprint) restarts the wait
  useEffect(() => {
    if (autoSaveWanted(inputs()) && fp !== failedFp.current) debouncer.touch();
    else if (!dirty || !current) debouncer.cancel();
  }, [fp, dirty, current?.id, phase, saving]);

  useEffect(() => () => debouncer.cancel(), [debouncer]);
  // another session shows nothing of the last one's saving
  useEffect(() => setStatus('idle'), [current?.id]);

  return status;
}
