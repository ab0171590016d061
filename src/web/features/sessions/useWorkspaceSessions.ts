/**
 * Sessions in the workspace (seed 000 §2, §4; 001 §4, §5, §8 Sessions): the current session, saving (new, update,
 * save as), loading, restoring the active session on arrival, unsaved-change tracking with a local backup, and
 * following changes made in the Viewport Manager window. Each concern is a hook in workspace-sessions/.
 */
import { createContext, useContext, useMemo } from 'react';
import { useAutoSave } from './workspace-sessions/useAutoSave';
import { useConflictChoices } from './workspace-sessions/useConflictChoices';
import { useSessionConflict } from './workspace-sessions/useSessionConflict';
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
  const conflicts = useSessionConflict(current);
  const { saving, save, saveAs, saveThen, update, updateWith, createNamed, saveDialog, submitSaveDialog, cancelSaveDialog } = useSessionSave(core, conflicts);
  const { loadDialogOpen, setLoadDialogOpen, loadingId, load, deleteSession } = useSessionLoad(core, closeRestoreOffer);
  const autoSave = useAutoSave(core, updateWith, saving, conflicts.pausedFor);
  const choices = useConflictChoices(core, conflicts, { createNamed, updateWith, load });
  const conflict = conflicts.conflict;

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
      /** A save refused because another device saved the session since, and the choices it offers. */
      conflict,
      conflictChoices: choices,
      /** A dialog of the save flow is asking the user (the leave dialog waits behind it). */
      asking: saveDialog.open || conflict !== null,
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
      conflict,
      choices,
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
