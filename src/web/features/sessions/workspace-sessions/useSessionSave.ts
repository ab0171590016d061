import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { sanitiseForSave, type ViewportData } from '@shared/viewports';
import { ApiError } from '@web/lib/api-client';
import { beforeAppReload } from '@web/lib/reload-guard';
import { conflictOf, sessionErrorText, sessionsApi, type SessionDto } from '../api';
import { VIEWPORTS_KEY } from '../hooks';
import { fingerprint } from '../lib/viewport-snapshot';
import { forgetBackup } from './useSessionBackup';
import type { SessionConflicts } from './useSessionConflict';
import type { SessionCore } from './useSessionCore';

/** How an update ended: saved, failed (said so), or refused as based on an older version (the choice is shown). */
export type SaveOutcome = 'saved' | 'failed' | 'conflict';

interface UpdateOptions {
  /** Auto-save: nothing said on success, and nothing the user did not ask about. */
  quiet?: boolean;
  /** Overwrite: the newer version the user chose to save over, instead of this window's own. */
  baseVersion?: number;
  /** Save & Continue: run once saved, or once the user has chosen after a conflict. */
  then?: () => void;
  onCancel?: () => void;
}

type SaveDialogState = { open: false } | { open: true; mode: 'new' | 'saveAs'; then?: () => void; onCancel?: () => void };

/** Saving (seed 000 §4): a new session, an update of the open one, save as, and save-then-continue. */
export function useSessionSave(core: SessionCore, conflicts: SessionConflicts) {
  const client = useQueryClient();
  const { hostRef, currentRef, setCurrent, setBaseline, snapshot, markOwn } = core;
  const [saveDialog, setSaveDialog] = useState<SaveDialogState>({ open: false });
  const [saving, setSaving] = useState(false);

  /** `sentFingerprint`: the workspace as it was sent; a change made while the request ran stays unsaved. */
  const saved = useCallback(
    (session: SessionDto, sentFingerprint: string) => {
      setCurrent({ id: session.id, name: session.session_name, version: session.version });
      setBaseline(sentFingerprint);
      forgetBackup();
      void client.invalidateQueries({ queryKey: VIEWPORTS_KEY });
    },
    [client, snapshot],
  );

  /** Checks a save before sending it, with the seed's messages (none when `quiet`); null when it may go. */
  const precheck = useCallback(
    (quiet = false): ViewportData | null => {
      const refuse = (text: string) => {
        if (!quiet) toast.error(text);
        return null;
      };
      if (!hostRef.current.userId) return refuse(msg('sessionLoginToSave'));
      const data = snapshot();
      if (data.images.length === 0) return refuse(msg('sessionNothingToSave'));
      const checked = sanitiseForSave(data);
      if (!checked.ok) return refuse(checked.message);
      return checked.data;
    },
    [snapshot],
  );

  const createNamed = useCallback(
    async (name: string): Promise<boolean> => {
      const data = precheck();
      if (!data) return false;
      setSaving(true);
      markOwn('created', null);
      const sent = fingerprint(snapshot());
      try {
        const session = await sessionsApi.create(name, data);
        saved(session, sent);
        toast.success(msg('sessionSaved', { name: session.session_name }));
        return true;
      } catch (err) {
        toast.error(sessionErrorText(err, msg('sessionSaveFailedRetry'), msg('sessionLoginToSave')));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [precheck, saved, snapshot],
  );

  /**
   * Updates the open session, based on the version this window loaded or last saved. A refusal because the session
   * was saved elsewhere since opens the choice (once for auto-save, which then pauses for this session).
   */
  const updateWith = useCallback(
    async ({ quiet = false, baseVersion, then, onCancel }: UpdateOptions = {}): Promise<SaveOutcome> => {
      const cur = currentRef.current;
      if (!cur) return 'failed';
      const data = precheck(quiet);
      if (!data) return 'failed';
      setSaving(true);
      markOwn('updated', cur.id);
      const sent = fingerprint(snapshot());
      try {
        const session = await sessionsApi.update(cur.id, data, baseVersion ?? cur.version);
        saved(session, sent);
        if (!quiet) toast.success(baseVersion === undefined ? msg('sessionUpdated') : msg('conflictOverwritten', { name: session.session_name }));
        return 'saved';
      } catch (err) {
        const conflict = conflictOf(err);
        if (conflict) {
          conflicts.report({ sessionId: cur.id, details: conflict, auto: quiet, then, onCancel });
          return 'conflict';
        }
        if (err instanceof ApiError && err.status === 404) {
          // deleted elsewhere: the work is kept and can be saved as a new session
          setCurrent(null);
          toast.error(msg('sessionNotFound'));
        } else if (!quiet) {
          toast.error(sessionErrorText(err, msg('sessionUpdateFailed'), msg('sessionLoginToSave')));
        } else {
          // an auto-save the server did not take: it is not tried again until the next change
          toast.error(msg('sessionUpdateFailedManual'));
        }
        return 'failed';
      } finally {
        setSaving(false);
      }
    },
    [precheck, saved, snapshot, conflicts.report],
  );
  const update = useCallback(async (quiet = false) => (await updateWith({ quiet })) === 'saved', [updateWith]);

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
        const outcome = await updateWith({ then, onCancel });
        if (outcome === 'saved') then();
        else if (outcome === 'failed') onCancel?.();
      } else {
        setSaveDialog({ open: true, mode: 'new', then, onCancel });
      }
    },
    [precheck, updateWith],
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

  return { saving, save, saveAs, saveThen, update, updateWith, createNamed, saveDialog, submitSaveDialog, cancelSaveDialog };
}
