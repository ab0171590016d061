import { useCallback, useEffect } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { sessionsApi } from '../api';
import { browserStore, clearBackup, readBackup, writeBackup, type ViewportBackup } from '../lib/local-backup';
import { mergeBackup } from '../lib/backup-merge';
import type { SessionCore } from './useSessionCore';

const BACKUP_DEBOUNCE_MS = 800;

/** The local backup (seed 001 §7.6): written while there are unsaved changes; restored or discarded when offered. */
export function useSessionBackup(core: SessionCore, backupOffer: ViewportBackup | null, setBackupOffer: (b: ViewportBackup | null) => void) {
  const { host, phase, dirty, fp, currentRef, setCurrent, snapshot, applyViewport } = core;

  useEffect(() => {
    if (phase !== 'ready' || backupOffer || !host.userId) return;
    const store = browserStore();
    if (!store) return;
    if (!dirty) {
      // changes set aside by a reload of the newer save stay until the workspace changes again
      if (!readBackup(store, host.userId, Date.now())?.setAside) clearBackup(store);
      return;
    }
    const userId = host.userId;
    const t = setTimeout(() => {
      const cur = currentRef.current;
      writeBackup(store, {
        userId,
        savedAt: Date.now(),
        sessionId: cur?.id ?? null,
        sessionName: cur?.name ?? null,
        baseVersion: cur?.version ?? null,
        data: snapshot(),
      });
    }, BACKUP_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [phase, backupOffer, dirty, fp, host.userId, snapshot]);

  const restoreBackup = useCallback(async () => {
    const backup = backupOffer;
    setBackupOffer(null);
    if (!backup) return;
    try {
      // merged by image id: uploads made since the backup stay on the canvas
      await applyViewport(mergeBackup(backup.data, snapshot()));
      const known = backup.sessionId ? (await sessionsApi.list().catch(() => [])).find((s) => s.id === backup.sessionId) : undefined;
      // the restored work is based on the version it was made on, not on the newest: saving it over a save made
      // elsewhere since asks first (a backup from before versions counts as based on none)
      if (known) setCurrent({ id: known.id, name: known.session_name, version: backup.baseVersion ?? 0 });
      // the restored work is still unsaved: the baseline stays what the server holds
    } catch {
      toast.error(msg('sessionLoadFailedPreserved'));
    }
  }, [backupOffer, applyViewport]);

  const discardBackup = useCallback(() => {
    setBackupOffer(null);
    forgetBackup();
  }, []);

  return { restoreBackup, discardBackup };
}

/** Clears the local backup, when the browser keeps one. */
export function forgetBackup() {
  const store = browserStore();
  if (store) clearBackup(store);
}

/** Keeps this window's unsaved changes in the local backup, set aside: the workspace is about to take the newer save. */
export function setAsideInBackup(backup: Omit<ViewportBackup, 'savedAt' | 'setAside'>) {
  const store = browserStore();
  if (store) writeBackup(store, { ...backup, savedAt: Date.now(), setAside: true });
}
