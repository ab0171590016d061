import { useCallback, useState } from 'react';
import { keepBothName, thisDevice } from '../lib/device-kind';
import { setAsideInBackup } from './useSessionBackup';
import type { SessionConflicts } from './useSessionConflict';
import type { SessionCore } from './useSessionCore';
import type { SaveOutcome } from './useSessionSave';

interface Savers {
  createNamed: (name: string) => Promise<boolean>;
  updateWith: (options: { baseVersion?: number; then?: () => void; onCancel?: () => void }) => Promise<SaveOutcome>;
  load: (id: string) => Promise<boolean>;
}

/**
 * The three answers to a save refused because another device saved the session since: keep both (this layout becomes
 * a new session named after this device), overwrite (save again over the newer version, by its number), or reload
 * (take the newer save; this window's changes are set aside in the local backup first).
 */
export function useConflictChoices(core: SessionCore, conflicts: SessionConflicts, { createNamed, updateWith, load }: Savers) {
  const { hostRef, currentRef, snapshot, list } = core;
  const [busy, setBusy] = useState(false);
  const conflict = conflicts.conflict;

  const keepBothAs = conflict
    ? keepBothName(
        conflict.details.session_name,
        thisDevice(),
        (list.data ?? []).map((s) => s.session_name),
      )
    : null;

  const run = useCallback(async (choice: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await choice()) conflicts.resolved();
    } finally {
      setBusy(false);
    }
  }, []);

  const keepBoth = useCallback(() => (keepBothAs ? run(() => createNamed(keepBothAs)) : undefined), [keepBothAs, createNamed]);

  const overwrite = useCallback(() => {
    const c = conflicts.conflict;
    if (!c) return;
    // a save made elsewhere meanwhile is refused again and the choice shows its newer version
    return run(async () => (await updateWith({ baseVersion: c.details.current_version, then: c.then, onCancel: c.onCancel })) === 'saved');
  }, [conflicts.conflict, updateWith]);

  const reload = useCallback(() => {
    const c = conflicts.conflict;
    const cur = currentRef.current;
    const userId = hostRef.current.userId;
    if (!c || !cur || !userId) return;
    return run(async () => {
      const aside = { userId, sessionId: cur.id, sessionName: cur.name, baseVersion: cur.version, data: snapshot() };
      // the changes are in the backup before the workspace lets them go, and again once the newer save is shown
      setAsideInBackup(aside);
      const ok = await load(c.sessionId);
      setAsideInBackup(aside);
      return ok;
    });
  }, [conflicts.conflict, load, snapshot]);

  return { busy, keepBothAs, keepBoth, overwrite, reload, dismiss: conflicts.dismiss };
}
