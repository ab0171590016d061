import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '@server/testing/databases.js';
import type { EventBus, RealtimeEvent } from '@server/ports/event-bus.js';
import { createInProcessEventBus } from './in-process.js';
import { createPostgresEventBus } from './postgres.js';

const next = (bus: EventBus, predicate: (e: RealtimeEvent) => boolean = () => true) =>
  new Promise<RealtimeEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event within 5 s')), 5000);
    const off = bus.subscribe((e) => {
      if (!predicate(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });

describe.each(backends)('event bus for the %s mode', (backend) => {
  let t: TestDatabase;
  let a: EventBus;
  let b: EventBus;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    if (backend === 'postgres') {
      // two buses on one database stand for two API instances
      a = await createPostgresEventBus({ connectionString: t.url! });
      b = await createPostgresEventBus({ connectionString: t.url! });
    } else {
      a = b = createInProcessEventBus();
    }
  });
  afterAll(async () => {
    await a?.close();
    if (b !== a) await b?.close();
    await t?.dispose();
  });

  it('delivers an event published on one instance to subscribers of another', async () => {
    const received = next(b, (e) => e.type === 'job.updated');
    await a.publish({ type: 'job.updated', to: 'user-1', data: { progress: 0.5 } });
    const event = await received;
    expect(event).toMatchObject({ type: 'job.updated', to: 'user-1', data: { progress: 0.5 } });
    expect(event.id).toMatch(/\S+/);
    expect(Math.abs(event.at - Date.now())).toBeLessThan(5000);
  });

  it('keeps events in order and replays what came after a known id', async () => {
    const seen: RealtimeEvent[] = [];
    const off = b.subscribe((e) => e.type === 'seq' && seen.push(e));
    for (let i = 0; i < 5; i++) await a.publish({ type: 'seq', to: 'broadcast', data: i });
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(5);
    off();
    expect(seen.map((e) => e.data)).toEqual([0, 1, 2, 3, 4]);
    expect(b.since(seen[1].id)?.map((e) => e.data)).toEqual([2, 3, 4]);
    expect(b.since('unknown-id')).toBeUndefined();
  });

  it('stops delivering after unsubscribe', async () => {
    let count = 0;
    const off = b.subscribe(() => count++);
    off();
    const sentinel = next(b, (e) => e.type === 'after');
    await a.publish({ type: 'after', to: 'broadcast', data: null });
    await sentinel;
    expect(count).toBe(0);
  });
});
