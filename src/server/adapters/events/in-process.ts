import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { type EventBus, type Listener, type PublishInput, type RealtimeEvent, ReplayBuffer, nextEventId } from '@server/ports/event-bus.js';

/** Single-process bus: events reach the SSE clients of this process only. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const buffer = new ReplayBuffer();
  const instance = randomBytes(3).toString('hex');
  return {
    async publish(input: PublishInput) {
      const event: RealtimeEvent = { ...input, id: nextEventId(instance), at: Date.now() };
      buffer.push(event);
      emitter.emit('event', event);
    },
    subscribe(listener: Listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    since: (id) => buffer.since(id),
    async close() {
      emitter.removeAllListeners();
    },
  };
}
