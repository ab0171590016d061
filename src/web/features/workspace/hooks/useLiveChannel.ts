import { useEffect, useRef, useState } from 'react';
import type { JobDto } from '@web/features/canvas-core/types';
import { openLiveConnection, type LiveState } from '@web/lib/live-connection';

interface LiveHandlers {
  onJob: (job: JobDto) => void;
  onCredits: (credits: number) => void;
  /** Events may have been missed (the connection was lost, or the server lost track): refetch everything. */
  onResync: () => void;
  /** Uploads moved to the trash, restored from it or purged, or versions deleted, in this window or another. */
  onImages?: (event: ImagesEvent) => void;
}

export interface ImagesEvent {
  action: 'trashed' | 'restored' | 'purged' | 'versions-deleted';
  ids: string[];
  /** `versions-deleted`: the jobs whose results went. */
  jobIds?: string[];
}

/**
 * The live channel (seed 001 §7.3): Server-Sent Events from /api/events, connected or disconnected. The connection
 * comes back by itself and then resyncs; the caller's fallback poll covers the time it is down.
 */
export function useLiveChannel(handlers: LiveHandlers, enabled = true): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!enabled) {
      setState('disconnected');
      return;
    }
    const live = openLiveConnection({ onState: setState, onReconnect: () => ref.current.onResync() });
    live.on('job', (data) => {
      const job = data as JobDto | null;
      if (job && typeof job.id === 'string') ref.current.onJob(job);
    });
    live.on('profile', (data) => {
      const credits = (data as { credits_remaining?: unknown } | null)?.credits_remaining;
      if (typeof credits === 'number') ref.current.onCredits(credits);
    });
    live.on('images', (data) => {
      const event = data as ImagesEvent | null;
      if (event && typeof event.action === 'string' && Array.isArray(event.ids)) ref.current.onImages?.(event);
    });
    live.on('resync', () => ref.current.onResync());
    return () => live.close();
  }, [enabled]);

  return state;
}
