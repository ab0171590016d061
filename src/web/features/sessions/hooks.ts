/** TanStack Query hooks for saved viewports, shared by the workspace, the Viewport Manager and the profile panel. */
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg, type MessageKey } from '@shared/messages';
import { openLiveConnection, type LiveConnection } from '@web/lib/live-connection';
import { viewportListRetry } from '@web/lib/retry-policy';
import { sessionErrorText, sessionsApi, type SessionSummary } from './api';

export const VIEWPORTS_KEY = ['viewports'] as const;

/** seed 001 §7.7: a failed session list load is retried up to 2 times, 1 s times the attempt number apart. */
export function useViewportList(enabled = true) {
  return useQuery({
    queryKey: VIEWPORTS_KEY,
    queryFn: sessionsApi.list,
    enabled,
    ...viewportListRetry,
    staleTime: 5_000,
  });
}

export interface ViewportEvent {
  action: 'created' | 'updated' | 'loaded' | 'deleted' | 'cleared' | string;
  id: string | null;
}

/**
 * One live connection per window for the viewport lists, however many lists are mounted (workspace, profile panel):
 * browsers allow only a handful of open connections per host, shared by every tab.
 */
type Listener = (type: 'viewports' | 'resync', event: ViewportEvent | null) => void;
const listeners = new Set<Listener>();
let connection: LiveConnection | null = null;

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!connection) {
    // after a reconnect the list may have changed in between
    connection = openLiveConnection({ onReconnect: () => [...listeners].forEach((l) => l('resync', null)) });
    connection.on('viewports', (data) => {
      for (const l of [...listeners]) l('viewports', (data as ViewportEvent | null) ?? null);
    });
    connection.on('resync', () => {
      for (const l of [...listeners]) l('resync', null);
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && connection) {
      connection.close();
      connection = null;
    }
  };
}

/**
 * Follows the live channel's `viewports` events: every open list (this window, the Viewport Manager window, the
 * profile panel) refetches, and the caller may react (the workspace loads what another window chose).
 */
export function useViewportEvents(onEvent?: (event: ViewportEvent) => void, enabled = true) {
  const client = useQueryClient();
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    return subscribe((type, event) => {
      void client.invalidateQueries({ queryKey: VIEWPORTS_KEY });
      if (type === 'viewports' && event) ref.current?.(event);
    });
  }, [client, enabled]);
}

/** Deleting a viewport; the toast wording depends on where it happens (workspace session or Viewport Manager). */
export function useDeleteViewport(successKey: MessageKey = 'viewportDeleted') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sessionsApi.remove(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: VIEWPORTS_KEY });
      const before = client.getQueryData<SessionSummary[]>(VIEWPORTS_KEY);
      client.setQueryData<SessionSummary[]>(VIEWPORTS_KEY, (list) => list?.filter((s) => s.id !== id));
      return { before };
    },
    onError: (err, _id, ctx) => {
      if (ctx?.before) client.setQueryData(VIEWPORTS_KEY, ctx.before);
      toast.error(sessionErrorText(err, msg('sessionDeleteFailed'), msg('sessionLoginToDelete')));
    },
    onSuccess: () => toast.success(msg(successKey)),
    onSettled: () => void client.invalidateQueries({ queryKey: VIEWPORTS_KEY }),
  });
}

export function useLoadViewport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sessionsApi.load(id),
    onError: (err) => {
      const t = sessionErrorText(err, msg('sessionLoadFailed'), msg('sessionLoginToLoad'));
      toast.error(t === msg('sessionLoadFailed') ? msg('sessionLoadFailedPreserved') : t);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: VIEWPORTS_KEY }),
  });
}
