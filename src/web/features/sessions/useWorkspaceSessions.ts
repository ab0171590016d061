/**
 * Sessions in the workspace (seed 000 §2, §4; 001 §4, §5, §8 Sessions): the current session, saving (new, update,
 * save as), loading, restoring the active session on arrival, unsaved-change tracking with a local backup, and
 * following changes made in the Viewport Manager window.
 */
import { beforeAppReload } from '../../lib/reload-guard';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '../../../shared/messages';
import { sanitiseForSave, type ViewportData } from '../../../shared/viewports';
import { ApiError, workspaceApi } from '../workspace/api/workspace-api';
import type { WorkspaceState } from '../canvas-core/workspace-state';
import { sessionErrorText, sessionsApi, type SessionDto } from './api';
import { VIEWPORTS_KEY, useViewportEvents, useViewportList, type ViewportEvent } from './hooks';
import { browserStore, clearBackup, readBackup, writeBackup, type ViewportBackup } from './lib/local-backup';
import { isDirty } from './lib/unsaved';
import { backupAddsSomething, mergeBackup } from './lib/backup-merge';
import { clearedWorkspace, fingerprint, restoreWorkspace, toViewportData, type SnapshotExtras } from './lib/viewport-snapshot';

export interface SessionsHost {
  state: WorkspaceState;
  /** Replaces the workspace state through the workspace's reducer. */
  apply: (fn: (s: WorkspaceState) => WorkspaceState) => void;
  userId: string | null;
  /** Tool, brush and camera: held outside the workspace reducer. */
  extras: () => SnapshotExtras;
  applyExtras: (extras: { brushSize: number }) => void;
}

export interface CurrentSession {
  id: string;
  name: string;
}

export type SaveDialogState = { open: false } | { open: true; mode: 'new' | 'saveAs'; then?: () => void; onCancel?: () => void };

const RESTORE_OFFERED_KEY = 'renderlift:restore-offered';
/** An event this window caused arrives on the live channel too; it is recognised for this long. */
const OWN_EVENT_WINDOW_MS = 15_000;
const BACKUP_DEBOUNCE_MS = 800;

export function useWorkspaceSessions(host: SessionsHost) {
  const client = useQueryClient();
  const hostRef = useRef(host);
  hostRef.current = host;

  const [current, setCurrent] = useState<CurrentSession | null>(null);
  const currentRef = useRef(current);
  currentRef.current = current;
  const [baseline, setBaseline] = useState<string | null>(null);
  const [phase, setPhase] = useState<'waiting' | 'restoring' | 'ready'>('waiting');
  const [saveDialog, setSaveDialog] = useState<SaveDialogState>({ open: false });
  const [saving, setSaving] = useState(false);
  const [loadDialogOpen, setLoadDialogOpen] = useState(false);
  const [restoreOffer, setRestoreOffer] = useState(false);
  const [backupOffer, setBackupOffer] = useState<ViewportBackup | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const ownOps = useRef<{ action: string; id: string | null; until: number }[]>([]);

  const list = useViewportList(Boolean(host.userId));

  const snapshot = useCallback((): ViewportData => toViewportData(hostRef.current.state, hostRef.current.extras()), []);
  const fp = fingerprint(toViewportData(host.state, host.extras()));
  const savableCount = toViewportData(host.state, host.extras()).images.length;
  const dirty = phase === 'ready' && isDirty(baseline, fp, savableCount);

  const markOwn = (action: string, id: string | null) => {
    const now = Date.now();
    ownOps.current = [...ownOps.current.filter((o) => o.until > now), { action, id, until: now + OWN_EVENT_WINDOW_MS }];
  };
  const isOwn = (e: ViewportEvent) => {
    const now = Date.now();
    const i = ownOps.current.findIndex((o) => o.until > now && o.action === e.action && (o.id === null || o.id === e.id));
    if (i === -1) return false;
    ownOps.current.splice(i, 1);
    return true;
  };

  /** Puts a saved viewport on the canvas; returns the fingerprint it starts clean at. */
  const applyViewport = useCallback(async (data: ViewportData) => {
    const { images } = await workspaceApi.images();
    let result: ReturnType<typeof restoreWorkspace> | null = null;
    hostRef.current.apply((s) => {
      result = restoreWorkspace(s, data, images, Date.now());
      return result.state;
    });
    // the reducer runs the function at once for a dispatch outside rendering; compute again if it has not yet
    const restored = result ?? restoreWorkspace(hostRef.current.state, data, images, Date.now());
    hostRef.current.applyExtras({ brushSize: restored.brushSize });
    return { restored, baseline: fingerprint(toViewportData(restored.state, { ...hostRef.current.extras(), brushSize: restored.brushSize })) };
  }, []);

  // ---------------------------------------------------------------- arrival: active session, restore offer, backup

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
          setCurrent({ id: active.id, name: active.session_name });
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
      if (backup && backupAddsSomething(backup.data, shown, await serverImageIds(backup.data))) setBackupOffer(backup);
      else if (store && backup) clearBackup(store);
      setPhase('ready');
    })();
  }, [phase, host.userId, host.state.loaded, applyViewport, snapshot]);

  // the restore offer only makes sense when there is something to restore
  const sessions = list.data ?? [];
  const showRestore = restoreOffer && phase === 'ready' && !backupOffer && sessions.length > 0 && host.state.images.length === 0;

  const dismissRestore = useCallback(() => {
    setRestoreOffer(false);
    setSessionFlag(RESTORE_OFFERED_KEY);
  }, []);

  // ---------------------------------------------------------------- local backup while there are unsaved changes

  useEffect(() => {
    if (phase !== 'ready' || backupOffer || !host.userId) return;
    const store = browserStore();
    if (!store) return;
    if (!dirty) {
      clearBackup(store);
      return;
    }
    const userId = host.userId;
    const t = setTimeout(() => {
      const cur = currentRef.current;
      writeBackup(store, { userId, savedAt: Date.now(), sessionId: cur?.id ?? null, sessionName: cur?.name ?? null, data: snapshot() });
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
      if (known) setCurrent({ id: known.id, name: known.session_name });
      // the restored work is still unsaved: the baseline stays what the server holds
    } catch {
      toast.error(msg('sessionLoadFailedPreserved'));
    }
  }, [backupOffer, applyViewport]);

  const discardBackup = useCallback(() => {
    setBackupOffer(null);
    const store = browserStore();
    if (store) clearBackup(store);
  }, []);

  // ---------------------------------------------------------------- saving

  const saved = useCallback(
    (session: SessionDto) => {
      setCurrent({ id: session.id, name: session.session_name });
      setBaseline(fingerprint(snapshot()));
      const store = browserStore();
      if (store) clearBackup(store);
      void client.invalidateQueries({ queryKey: VIEWPORTS_KEY });
    },
    [client, snapshot],
  );

  /** Checks a save before sending it, with the seed's messages; null when it may go. */
  const precheck = useCallback((): ViewportData | null => {
    if (!hostRef.current.userId) {
      toast.error(msg('sessionLoginToSave'));
      return null;
    }
    const data = snapshot();
    if (data.images.length === 0) {
      toast.error(msg('sessionNothingToSave'));
      return null;
    }
    const checked = sanitiseForSave(data);
    if (!checked.ok) {
      toast.error(checked.message);
      return null;
    }
    return checked.data;
  }, [snapshot]);

  const createNamed = useCallback(
    async (name: string): Promise<boolean> => {
      const data = precheck();
      if (!data) return false;
      setSaving(true);
      markOwn('created', null);
      try {
        const session = await sessionsApi.create(name, data);
        saved(session);
        toast.success(msg('sessionSaved', { name: session.session_name }));
        return true;
      } catch (err) {
        toast.error(sessionErrorText(err, msg('sessionSaveFailedRetry'), msg('sessionLoginToSave')));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [precheck, saved],
  );

  const update = useCallback(async (): Promise<boolean> => {
    const cur = currentRef.current;
    if (!cur) return false;
    const data = precheck();
    if (!data) return false;
    setSaving(true);
    markOwn('updated', cur.id);
    try {
      const session = await sessionsApi.update(cur.id, data);
      saved(session);
      toast.success(msg('sessionUpdated'));
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        // deleted elsewhere: the work is kept and can be saved as a new session
        setCurrent(null);
        toast.error(msg('sessionNotFound'));
      } else {
        toast.error(sessionErrorText(err, msg('sessionUpdateFailed'), msg('sessionLoginToSave')));
      }
      return false;
    } finally {
      setSaving(false);
    }
  }, [precheck, saved]);

  // an app update reloads the page: the open session is saved first (work outside one is in the local backup)
  useEffect(() => beforeAppReload(async () => (currentRef.current ? update() : false)), [update]);

  /** seed 000 §4 save flow: no images is an error; an open session is updated; otherwise the save-new dialog opens. */
  const save = useCallback(() => {
    if (!precheck()) return;
    if (currentRef.current) void update();
    else setSaveDialog({ open: true, mode: 'new' });
  }, [precheck, update]);

  const saveAs = useCallback(() => {
    if (!precheck()) return;
    setSaveDialog({ open: true, mode: 'saveAs' });
  }, [precheck]);

  /** Save & Continue: saves for real (an update, or the save dialog first), then continues. */
  const saveThen = useCallback(
    async (then: () => void, onCancel?: () => void) => {
      if (!precheck()) {
        onCancel?.();
        return;
      }
      if (currentRef.current) {
        if (await update()) then();
        else onCancel?.();
      } else {
        setSaveDialog({ open: true, mode: 'new', then, onCancel });
      }
    },
    [precheck, update],
  );

  const submitSaveDialog = useCallback(
    async (name: string) => {
      const d = saveDialog;
      const ok = await createNamed(name);
      if (!ok) return;
      setSaveDialog({ open: false });
      if (d.open) d.then?.();
    },
    [saveDialog, createNamed],
  );

  const cancelSaveDialog = useCallback(() => {
    const d = saveDialog;
    setSaveDialog({ open: false });
    if (d.open) d.onCancel?.();
  }, [saveDialog]);

  // ---------------------------------------------------------------- loading

  const showLoaded = useCallback(
    async (session: SessionDto, announce: boolean) => {
      const { restored, baseline: b } = await applyViewport(session.viewport_data);
      setCurrent({ id: session.id, name: session.session_name });
      setBaseline(b);
      const store = browserStore();
      if (store) clearBackup(store);
      if (restored.state.images.length === 0 && session.viewport_data.images.length > 0) toast.error(msg('sessionNoValidImages'));
      else if (announce) toast.success(msg('sessionLoaded', { name: session.session_name }));
    },
    [applyViewport],
  );

  const load = useCallback(
    async (id: string): Promise<boolean> => {
      if (!hostRef.current.userId) {
        toast.error(msg('sessionLoginToLoad'));
        return false;
      }
      setLoadingId(id);
      markOwn('loaded', id);
      try {
        const session = await sessionsApi.load(id);
        await showLoaded(session, true);
        setLoadDialogOpen(false);
        setRestoreOffer(false);
        void client.invalidateQueries({ queryKey: VIEWPORTS_KEY });
        return true;
      } catch (err) {
        const text = sessionErrorText(err, msg('sessionLoadFailed'), msg('sessionLoginToLoad'));
        // seed 001 §8: the workspace is left as it was
        toast.error(text === msg('sessionLoadFailed') ? msg('sessionLoadFailedPreserved') : text);
        return false;
      } finally {
        setLoadingId(null);
      }
    },
    [client, showLoaded],
  );

  const deleteSession = useCallback(
    async (id: string) => {
      markOwn('deleted', id);
      try {
        await sessionsApi.remove(id);
        if (currentRef.current?.id === id) setCurrent(null);
        toast.success(msg('sessionDeleted'));
      } catch (err) {
        toast.error(sessionErrorText(err, msg('sessionDeleteFailed'), msg('sessionLoginToDelete')));
      } finally {
        void client.invalidateQueries({ queryKey: VIEWPORTS_KEY });
      }
    },
    [client],
  );

  // ---------------------------------------------------------------- changes made in other windows

  useViewportEvents(
    (e) => {
      if (phase !== 'ready' || isOwn(e)) return;
      const cur = currentRef.current;
      // a viewport loaded or created elsewhere (the Viewport Manager's 'Create New Viewport' starts an empty one)
      if ((e.action === 'loaded' || e.action === 'created') && e.id && e.id !== cur?.id) {
        void sessionsApi
          .active()
          .then((session) => (session && session.id === e.id ? showLoaded(session, e.action === 'loaded') : undefined))
          .catch(() => toast.error(msg('sessionLoadFailedPreserved')));
      } else if (e.action === 'deleted' && e.id && e.id === cur?.id) {
        setCurrent(null);
      } else if (e.action === 'cleared') {
        hostRef.current.apply(clearedWorkspace);
        setCurrent(null);
        setBaseline(fingerprint(toViewportData(clearedWorkspace(hostRef.current.state), hostRef.current.extras())));
      }
    },
    Boolean(host.userId),
  );

  return useMemo(
    () => ({
      current,
      dirty,
      phase,
      sessions,
      listLoading: list.isLoading,
      saving,
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
      forgetChanges: () => {
        const store = browserStore();
        if (store) clearBackup(store);
      },
    }),
    [current, dirty, phase, sessions, list.isLoading, saving, loadingId, save, saveAs, saveThen, update, saveDialog, submitSaveDialog, cancelSaveDialog, loadDialogOpen, load, deleteSession, showRestore, dismissRestore, backupOffer, restoreBackup, discardBackup],
  );
}

export type WorkspaceSessions = ReturnType<typeof useWorkspaceSessions>;

export const SessionsContext = createContext<WorkspaceSessions | null>(null);
export const useSessionsContext = () => useContext(SessionsContext);

/** The uploads the server still has; when it cannot be asked, every image of the backup counts as existing. */
async function serverImageIds(backup: ViewportData): Promise<Set<string>> {
  const list = await workspaceApi.images().catch(() => null);
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
