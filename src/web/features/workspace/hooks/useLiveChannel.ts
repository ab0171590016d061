import { useEffect, useRef, useState } from 'react';
import type { JobDto } from '@web/features/canvas-core/types';

interface LiveHandlers {
  onJob: (job: JobDto) => void;
  onCredits: (credits: number) => void;
  /** The server lost track of what this client has seen: refetch everything. */
  onResync: () => void;
}

type LiveState = 'connecting' | 'connected' | 'disconnected';

/**
 * The live channel (seed 001 §7.3): Server-Sent Events from /api/events. EventSource reconnects by itself and
 * sends Last-Event-ID, so missed job events are replayed; the caller's fallback poll covers the time it is down.
 */
export function useLiveChannel(handlers: LiveHandlers, enabled = true): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setState('disconnected');
      return;
    }
    const source = new EventSource('/api/events', { withCredentials: true });
    const parse = (e: MessageEvent) => {
      try {
        return JSON.parse(String(e.data)) as { data?: unknown };
      } catch {
        return null;
      }
    };
    source.addEventListener('ready', () => setState('connected'));
    source.addEventListener('open', () => setState('connected'));
    source.addEventListener('error', () => setState(source.readyState === EventSource.OPEN ? 'connected' : 'disconnected'));
    source.addEventListener('job', (e) => {
      const job = parse(e as MessageEvent)?.data as JobDto | undefined;
      if (job && typeof job.id === 'string') ref.current.onJob(job);
    });
    source.addEventListener('profile', (e) => {
      const data = parse(e as MessageEvent)?.data as { credits_remaining?: unknown } | undefined;
      if (typeof data?.credits_remaining === 'number') ref.current.onCredits(data.credits_remaining);
    });
    source.addEventListener('resync', () => ref.current.onResync());
    return () => source.close();
  }, [enabled]);

  return state;
}
