import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import type { ViewportData } from '@shared/viewports';
import { sessionsApi, type SessionDto } from '../api';
import { browserStore, clearBackup, readBackup, type ViewportBackup } from '../lib/local-backup';
import { backupAddsSomething } from '../lib/backup-merge';
import { fingerprint, toViewportData } from '../lib/viewport-snapshot';
import type { SessionCore } from './useSessionCore';

const RESTORE_OFFERED_KEY = 'renderlift:restore-offered';

/** Arrival on the workspace: the active session is put on the canvas, else the saved ones are offered; a local backup with news is offered too. */
export function useSessionArrival(core: SessionCore) {
  const { host, hostRef, phase, setPhase, setCurrent, setBaseline, snapshot, applyViewport, list } = core;
  const [restoreOffer, setRestoreOffer] = useState(false);
  const [backupOffer, setBackupOffer] = useState<ViewportBackup | null>(null);

  const arrived = useRef(false);
  useEffect(() => {
    if (phase !== 'waiting' || !host.userId || !host.state.loaded || arrived.current) return;
    // once per mount, also when development mode runs effects twice
    arrived.current = true;
    setPhase('restoring');
    const userId = host.userId;
    void (async () => {
      let start: string;
      let shown = snapshot();
      let active: SessionDto | null = null;
      try {
        active = await sessionsApi.active();
      } catch {
        active = null;
      }
      if (active) {
        try {
          const { restored, baseline: b } = await applyViewport(active.viewport_data);
          setCurrent({ id: active.id, name: active.session_name, version: active.version });
          start = b;
          shown = toViewportData(restored.state, { ...hostRef.current.extras(), brushSize: restored.brushSize });
          if (restored.state.images.length === 0 && active.viewport_data.images.length > 0) toast.error(msg('sessionNoValidImages'));
        } catch {
          toast.error(msg('sessionLoadFailedPreserved'));
          start = fingerprint(snapshot());
        }
      } else {
        start = fingerprint(snapshot());
        // seed 000 §2: a first visit with no session and no images offers the saved sessions
        if (hostRef.current.state.images.length === 0 && !sessionFlag(RESTORE_OFFERED_KEY)) setRestoreOffer(true);
      }
      setBaseline(start);
      const store = browserStore();
      const backup = store ? readBackup(store, userId, Date.now()) : null;
      // offered only when it holds something the workspace as shown lacks (seed 001 §7.6 viewport backup)
      if (backup && backupAddsSomething(backup.data, shown, await serverImageIds(hostRef.current.listImages, backup.data))) setBackupOffer(backup);
      else if (store && backup) clearBackup(store);
      setPhase('ready');
    })();
  }, [phase, host.userId, host.state.loaded, applyViewport, snapshot]);

  // the offer belongs to the arrival: once the workspace holds images or a session, it is withdrawn for good (a
  // viewport created or emptied later is not an arrival)
  const settled = host.state.images.length > 0 || core.current !== null;
  useEffect(() => {
    if (restoreOffer && settled) setRestoreOffer(false);
  }, [restoreOffer, settled]);

  // the restore offer only makes sense when there is something to restore
  const sessions = list.data ?? [];
  const showRestore = restoreOffer && phase === 'ready' && !backupOffer && sessions.length > 0 && host.state.images.length === 0;

  const dismissRestore = useCallback(() => {
    setRestoreOffer(false);
    setSessionFlag(RESTORE_OFFERED_KEY);
  }, []);

  return { sessions, showRestore, dismissRestore, closeRestoreOffer: () => setRestoreOffer(false), backupOffer, setBackupOffer };
}

/** The uploads the server still has; when it cannot be asked, every image of the backup counts as existing. */
async function serverImageIds(listImages: SessionCore['host']['listImages'], backup: ViewportData): Promise<Set<string>> {
  const list = await listImages().catch(() => null);
  return new Set(list ? list.images.map((i) => i.id) : backup.images.map((i) => i.imageId ?? i.id));
}

function sessionFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function setSessionFlag(key: string) {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // a private window may refuse; the offer then shows again next visit
  }
}
