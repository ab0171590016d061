/**
 * One EventSource on /api/events per window for the app-wide listeners (the service-status banner): a listener
 * subscribes to an event type and is called with its `data`; the connection opens with the first listener and
 * closes with the last. EventSource reconnects by itself; `resync` tells listeners to refetch what they show.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;

function dispatch(type: string, e: Event) {
  let data: unknown = null;
  try {
    data = (JSON.parse(String((e as MessageEvent).data)) as { data?: unknown }).data ?? null;
  } catch {
    data = null;
  }
  for (const h of [...(handlers.get(type) ?? [])]) h(data);
}

function open() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/events', { withCredentials: true });
  for (const type of handlers.keys()) source.addEventListener(type, (e) => dispatch(type, e));
}

export function subscribeLive(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  const isNewType = !set;
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  if (source && isNewType) source.addEventListener(type, (e) => dispatch(type, e));
  open();
  return () => {
    set.delete(handler);
    if ([...handlers.values()].every((s) => s.size === 0) && source) {
      source.close();
      source = null;
      handlers.clear();
    }
  };
}
