import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/env.js';
import type { RealtimeEvent } from '../ports/event-bus.js';
import { COMPLETION_REPLAY_MAX_AGE_MS } from '@shared/enhancement.js';
import { contract } from '../http/contract.js';
import { validate } from '../http/validate.js';
import { LiveEventData, LiveEventsQuery } from '@shared/api/events.js';
import { liveStreamMessages } from '@shared/limits.js';
import { clientIp } from '../auth/client-ip.js';
import { AppError } from '../errors.js';

const liveEvents = contract({
  summary: 'Live events: job progress, credits, viewports and the service status',
  tag: 'events',
  access: 'public',
  description:
    'Signed-out clients receive broadcasts only. A heartbeat comment keeps proxies from closing the stream. Past the open streams ' +
    'a user (SSE_MAX_STREAMS_PER_USER) or a client address (SSE_MAX_STREAMS_PER_ADDRESS) may hold, 429.',
  responses: { 200: { media: 'text/event-stream', description: 'Server-Sent Events; each data line is JSON', schema: LiveEventData } },
});

/** Open SSE streams, so shutdown can end them instead of waiting forever, and how many each user and address holds. */
export class StreamRegistry {
  private readonly controllers = new Set<AbortController>();
  private readonly held = new Map<string, number>();

  /**
   * Takes a place for one more stream of `owners` (e.g. user:…, address:…), or names the first owner whose cap it would
   * pass. Taken synchronously, before the stream starts, so simultaneous requests cannot all pass one count.
   */
  reserve(owners: { key: string; max: number }[]): { release: () => void } | { refusedFor: string } {
    const full = owners.find((o) => (this.held.get(o.key) ?? 0) >= o.max);
    if (full) return { refusedFor: full.key };
    for (const o of owners) this.held.set(o.key, (this.held.get(o.key) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        for (const o of owners) {
          const n = (this.held.get(o.key) ?? 1) - 1;
          if (n > 0) this.held.set(o.key, n);
          else this.held.delete(o.key);
        }
      },
    };
  }
  add(controller: AbortController) {
    this.controllers.add(controller);
    return () => this.controllers.delete(controller);
  }
  get size() {
    return this.controllers.size;
  }
  closeAll() {
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
  }
}

const isFor = (event: RealtimeEvent, userId: string | null) => event.to === 'broadcast' || (userId !== null && event.to === userId);

/**
 * GET /api/events: Server-Sent Events. Events addressed to the signed-in user and broadcasts;
 * a heartbeat comment keeps proxies from closing the stream; on reconnect the browser's Last-Event-ID
 * replays what was missed, or a `resync` event tells the client to refetch.
 */
export function eventsRoute(streams: StreamRegistry) {
  return new Hono<AppEnv>().get('/', liveEvents, validate('query', LiveEventsQuery), (c) => {
    const { events, config } = c.var.deps;
    const userId = c.var.user?.id ?? null;
    const lastEventId = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    const place = streams.reserve([
      ...(userId ? [{ key: `user:${userId}`, max: config.SSE_MAX_STREAMS_PER_USER }] : []),
      { key: `address:${clientIp(c, config.TRUST_PROXY) ?? 'unknown'}`, max: config.SSE_MAX_STREAMS_PER_ADDRESS },
    ]);
    if ('refusedFor' in place) {
      throw new AppError('TOO_MANY_STREAMS', 429, place.refusedFor.startsWith('user:') ? liveStreamMessages.perUser : liveStreamMessages.perAddress);
    }
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const controller = new AbortController();
      const unregister = streams.add(controller);
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = events.subscribe((event) => {
        if (!isFor(event, userId)) return;
        queue.push(event);
        wake?.();
      });
      const stop = () => {
        controller.abort();
        wake?.();
      };
      stream.onAbort(stop);
      const heartbeat = setInterval(() => {
        stream.write(`: heartbeat ${Date.now()}\n\n`).catch(stop);
      }, config.SSE_HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ userId, at: Date.now() }), retry: 3000 });
        if (lastEventId) {
          const missed = events.since(lastEventId);
          if (missed === undefined) await stream.writeSSE({ event: 'resync', data: '{}' });
          // seed 001 §9: job completions older than 4 hours are not replayed
          else queue.unshift(...missed.filter((e) => isFor(e, userId) && (e.type !== 'job' || Date.now() - e.at < COMPLETION_REPLAY_MAX_AGE_MS)));
        }
        while (!controller.signal.aborted) {
          while (queue.length > 0 && !controller.signal.aborted) {
            const event = queue.shift()!;
            await stream.writeSSE({ id: event.id, event: event.type, data: JSON.stringify({ data: event.data, at: event.at }) });
          }
          if (controller.signal.aborted) break;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        unregister();
        place.release();
      }
    });
  });
}
