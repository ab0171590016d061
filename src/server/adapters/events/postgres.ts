import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type EventBus, type Listener, type PublishInput, type RealtimeEvent, ReplayBuffer, nextEventId } from '@server/ports/event-bus.js';

const CHANNEL = 'renderlift_events';
// NOTIFY payloads are limited to 8000 bytes; larger events are refused rather than truncated.
const MAX_PAYLOAD = 7900;

/**
 * LISTEN/NOTIFY fan-out: every API instance listens on one channel, so an event published by
 * any instance (or worker) reaches the SSE clients connected to every other.
 * LISTEN needs a dedicated connection, not a pooled one; it reconnects after a drop.
 */
export async function createPostgresEventBus(opts: { connectionString: string; onError?: (err: Error) => void }): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const buffer = new ReplayBuffer();
  const instance = randomBytes(3).toString('hex');
  const publisher = new pg.Pool({ connectionString: opts.connectionString, max: 2 });
  publisher.on('error', (err) => opts.onError?.(err));
  let listener: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const event = JSON.parse(payload) as RealtimeEvent;
      buffer.push(event);
      emitter.emit('event', event);
    } catch (err) {
      opts.onError?.(err as Error);
    }
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: opts.connectionString });
    client.on('notification', (msg) => deliver(msg.payload));
    client.on('error', (err) => {
      opts.onError?.(err);
      scheduleReconnect();
    });
    client.on('end', () => scheduleReconnect());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    listener = undefined;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      try {
        await connect();
        // tell clients they may have missed events while the listener was down
        emitter.emit('event', { id: nextEventId(instance), type: 'resync', to: 'broadcast', data: null, at: Date.now() } satisfies RealtimeEvent);
      } catch (err) {
        opts.onError?.(err as Error);
        scheduleReconnect();
      }
    }, 1000);
  };

  await connect();

  return {
    async publish(input: PublishInput) {
      const event: RealtimeEvent = { ...input, id: nextEventId(instance), at: Date.now() };
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`event ${input.type} is too large for the realtime channel`);
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(fn: Listener) {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    since: (id) => buffer.since(id),
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      emitter.removeAllListeners();
      const l = listener;
      listener = undefined;
      if (l) {
        l.removeAllListeners('end');
        l.removeAllListeners('error');
        l.on('error', () => {});
        await l.end().catch(() => {});
      }
      await publisher.end().catch(() => {});
    },
  };
}
