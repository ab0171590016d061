/**
 * The realtime channel's port. An event is addressed to one user or broadcast to everyone
 * (e.g. the service_status banner). Implementations: in-process (single machine) and
 * PostgreSQL LISTEN/NOTIFY (every API instance receives what any instance publishes).
 */
export interface RealtimeEvent {
  /** Monotonic within an instance; used as the SSE id for Last-Event-ID replay. */
  id: string;
  type: string;
  /** A user id, or 'broadcast'. */
  to: string;
  data: unknown;
  /** Milliseconds since epoch when published. */
  at: number;
}

export type PublishInput = Omit<RealtimeEvent, 'id' | 'at'>;
export type Listener = (event: RealtimeEvent) => void;

export interface EventBus {
  publish(event: PublishInput): Promise<void>;
  /** Receives every event delivered to this instance; returns an unsubscribe function. */
  subscribe(listener: Listener): () => void;
  /** Events still held for replay, newer than the given id (undefined when the id is too old to know). */
  since(lastEventId: string): RealtimeEvent[] | undefined;
  close(): Promise<void>;
}

/** Keeps the most recent events so a reconnecting client can be sent what it missed. */
export class ReplayBuffer {
  private events: RealtimeEvent[] = [];
  constructor(private readonly capacity = 1000) {}

  push(event: RealtimeEvent) {
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
  }

  since(lastEventId: string): RealtimeEvent[] | undefined {
    const idx = this.events.findIndex((e) => e.id === lastEventId);
    if (idx === -1) return undefined;
    return this.events.slice(idx + 1);
  }
}

let counter = 0;
/** Sortable ids: milliseconds then a per-process counter, unique enough across instances with the instance tag. */
export function nextEventId(instance: string, now = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  return `${now.toString(36)}-${counter.toString(36)}-${instance}`;
}
