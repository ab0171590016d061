/**
 * Sessions in the workspace (seed 000 §2, §4; 001 §4, §5, §8 Sessions): the current session, saving (new, update,
 * save as), loading, restoring the active session on arrival, unsaved-change tracking with a local backup, and
 * following changes made in the Viewport Manager window. Each concern is a hook in workspace-sessions/.
 */
import { createContext, useContext, useMemo } from 'react';
import { useAutoSave } from './workspace-sessions/useAutoSave';
import { useSessionArrival } from './workspace-sessions/useSessionArrival';
import { forgetBackup, useSessionBackup } from './workspace-sessions/useSessionBackup';
import { useSessionCore, type SessionsHost } from './workspace-sessions/useSessionCore';
import { useSessionLoad } from './workspace-sessions/useSessionLoad';
import { useSessionSave } from './workspace-sessions/useSessionSave';

export function useWorkspaceSessions(host: SessionsHost) {
  const core = useSessionCore(host);
  const { current, dirty, phase, list } = core;
  const { sessions, showRestore, dismissRestore, closeRestoreOffer, backupOffer, setBackupOffer } = useSessionArrival(core);
  const { restoreBackup, discardBackup } = useSessionBackup(core, backupOffer, setBackupOffer);
  const { saving, save, saveAs, saveThen, update, saveDialog, submitSaveDialog, cancelSaveDialog } = useSessionSave(core);
  const { loadDialogOpen, setLoadDialogOpen, loadingId, load, deleteSession } = useSessionLoad(core, closeRestoreOffer);
  const autoSave = useAutoSave(core, update, saving);

  return useMemo(
    () => ({
      current,
      dirty,
      phase,
      sessions,
      listLoading: list.isLoading,
      saving,
      autoSave,
      loadingId,
      save,
      saveAs,
      saveThen,
      update,
      saveDialog,
      submitSaveDialog,
      cancelSaveDialog,
      loadDialogOpen,
      openLoadDialog: () => setLoadDialogOpen(true),
      closeLoadDialog: () => setLoadDialogOpen(false),
      load,
      deleteSession,
      showRestore,
      dismissRestore,
      backupOffer,
      restoreBackup,
      discardBackup,
      /** The user chose to leave without saving: the backup of these changes is no longer wanted. */
      forgetChanges: forgetBackup,
    }),
    [
      current,
      dirty,
      phase,
      sessions,
      list.isLoading,
      saving,
      autoSave,
      loadingId,
      save,
      saveAs,
      saveThen,
      update,
      saveDialog,
      submitSaveDialog,
      cancelSaveDialog,
      loadDialogOpen,
      load,
      deleteSession,
      showRestore,
      dismissRestore,
      backupOffer,
      restoreBackup,
      discardBackup,
    ],
  );
}

export type WorkspaceSessions = ReturnType<typeof useWorkspaceSessions>;

export const SessionsContext = createContext<WorkspaceSessions | null>(null);
export const useSessionsContext = () => useContext(SessionsContext);
