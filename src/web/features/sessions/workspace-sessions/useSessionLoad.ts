import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { sessionErrorText, sessionsApi, type SessionDto } from '../api';
import { VIEWPORTS_KEY, useViewportEvents } from '../hooks';
import { clearedWorkspace, fingerprint, toViewportData } from '../lib/viewport-snapshot';
import { forgetBackup } from './useSessionBackup';
import type { SessionCore } from './useSessionCore';

/** Loading and deleting sessions, and following what the Viewport Manager window does. */
export function useSessionLoad(core: SessionCore, closeRestoreOffer: () => void) {
  const client = useQueryClient();
  const { host, hostRef, phase, currentRef, setCurrent, setBaseline, applyViewport, markOwn, isOwn } = core;
  const [loadDialogOpen, setLoadDialogOpen] = useState(false);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const showLoaded = useCallback(
    async (session: SessionDto, announce: boolean) => {
      const { restored, baseline: b } = await applyViewport(session.viewport_data);
      // the loaded version is what this window's next save is based on
      setCurrent({ id: session.id, name: session.session_name, version: session.version });
      setBaseline(b);
      forgetBackup();
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
        closeRestoreOffer();
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

  // changes made in other windows
  useViewportEvents((e) => {
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
  }, Boolean(host.userId));

  return { loadDialogOpen, setLoadDialogOpen, loadingId, load, deleteSession, showLoaded };
}
