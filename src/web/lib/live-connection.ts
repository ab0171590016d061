/**
 * A connection to the live channel (GET /api/events, Server-Sent Events) that comes back by itself. The browser's
 * EventSource gives up for good on some failures (an HTTP error, a server that is down while it retries), so every
 * failure closes it and a new one is opened after 1 s, 2 s, 4 s … up to 30 s, at once when the browser goes back
 * online. The new connection names the last event seen, so the server replays what was missed when it still can;
 * either way `onReconnect` runs once the channel is back, for the screen to refetch what it shows, and the API's
 * circuit breakers close, so that refetch is not refused.
 */
import { connection, serverIsBack } from './api-client';
import { reconnectDelay } from './retry-policy';

export type LiveState = 'connecting' | 'connected' | 'disconnected';

type Handler = (data: unknown) => void;

export interface LiveConnection {
  /** Calls `handler` with each `type` event's `data`; returns the unsubscribe. */
  on(type: string, handler: Handler): () => void;
  close(): void;
}

export interface LiveConnectionOptions {
  url?: string;
  onState?: (state: LiveState) => void;
  /** The channel is back after a failure: events may have been missed. */
  onReconnect?: () => void;
}

function parse(e: Event): unknown {
  try {
    return (JSON.parse(String((e as MessageEvent).data)) as { data?: unknown }).data ?? null;
  } catch {
    return null;
  }
}

export function openLiveConnection(opts: LiveConnectionOptions = {}): LiveConnection {
  const url = opts.url ?? '/api/events';
  const handlers = new Map<string, Set<Handler>>();
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let lost = false;
  let closed = false;
  let lastEventId = '';

  const listen = (s: EventSource, type: string) =>
    s.addEventListener(type, (e) => {
      const id = (e as MessageEvent).lastEventId;
      if (id) lastEventId = id;
      const data = parse(e);
      for (const h of [...(handlers.get(type) ?? [])]) h(data);
    });

  function connect() {
    timer = null;
    if (closed || typeof EventSource === 'undefined') return;
    const s = new EventSource(lastEventId ? `${url}?lastEventId=${encodeURIComponent(lastEventId)}` : url, { withCredentials: true });
    source = s;
    for (const type of handlers.keys()) listen(s, type);
    s.addEventListener('ready', () => {
      failures = 0;
      connection.answered();
      opts.onState?.('connected');
      if (lost) {
        lost = false;
        serverIsBack();
        opts.onReconnect?.();
      }
    });
    s.addEventListener('error', () => {
      if (source !== s) return;
      s.close();
      source = null;
      lost = true;
      // the server may be gone, or only this stream: the health check tells the banner which
      connection.suspect();
      opts.onState?.('disconnected');
      failures += 1;
      timer = setTimeout(connect, reconnectDelay(failures));
    });
  }

  const online = () => {
    if (timer === null) return;
    clearTimeout(timer);
    connect();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', online);

  opts.onState?.(typeof EventSource === 'undefined' ? 'disconnected' : 'connecting');
  connect();

  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        handlers.set(type, (set = new Set()));
        if (source) listen(source, type);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      source?.close();
      source = null;
      if (typeof window !== 'undefined') window.removeEventListener('online', online);
    },
  };
}
