/**
 * The live connection's reconnect and resync rules, with the browser's EventSource stood in for by a recorder (Node
 * has none) and a fake clock. The journey e2e/live-reconnect.spec.ts proves the same against a real server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { openLiveConnection, type LiveState } from './live-connection';

class RecordedSource extends EventTarget {
  static all: RecordedSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    RecordedSource.all.push(this);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown = {}, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify({ data }), lastEventId }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}
const latest = () => RecordedSource.all[RecordedSource.all.length - 1];

describe('live connection', () => {
  beforeEach(() => {
    RecordedSource.all = [];
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', RecordedSource);
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reconnects after 1 s, 2 s, 4 s, then resyncs once it is back, naming the last event seen', () => {
    const states: LiveState[] = [];
    const onReconnect = vi.fn();
    const jobs: unknown[] = [];
    const live = openLiveConnection({ onState: (s) => states.push(s), onReconnect });
    live.on('job', (d) => jobs.push(d));
    latest().emit('ready');
    expect(onReconnect).not.toHaveBeenCalled();
    latest().emit('job', { id: 'j1' }, '17');
    expect(jobs).toEqual([{ id: 'j1' }]);

    latest().fail();
    expect(states.at(-1)).toBe('disconnected');
    expect(latest().readyState).toBe(2);
    for (const wait of [1000, 2000, 4000]) {
      const count = RecordedSource.all.length;
      vi.advanceTimersByTime(wait - 1);
      expect(RecordedSource.all).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(RecordedSource.all).toHaveLength(count + 1);
      expect(latest().url).toBe('/api/events?lastEventId=17');
      if (wait < 4000) latest().fail();
    }
    expect(onReconnect).not.toHaveBeenCalled();
    latest().emit('ready');
    expect(states.at(-1)).toBe('connected');
    expect(onReconnect).toHaveBeenCalledTimes(1);
    latest().emit('job', { id: 'j2' });
    expect(jobs).toEqual([{ id: 'j1' }, { id: 'j2' }]);

    // after a success the delays start again at 1 s
    latest().fail();
    const count = RecordedSource.all.length;
    vi.advanceTimersByTime(1000);
    expect(RecordedSource.all).toHaveLength(count + 1);
    live.close();
  });

  it('goes back at once when the browser is online again, and stops for good when closed', () => {
    const online = new EventTarget();
    vi.stubGlobal('window', online);
    const live = openLiveConnection();
    latest().fail();
    const count = RecordedSource.all.length;
    online.dispatchEvent(new Event('online'));
    expect(RecordedSource.all).toHaveLength(count + 1);
    latest().fail();
    live.close();
    vi.advanceTimersByTime(60_000);
    expect(RecordedSource.all).toHaveLength(count + 1);
  });
});

describe('live connection and the circuit breakers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a reconnect closes the breakers that the outage opened', async () => {
    vi.stubGlobal('EventSource', RecordedSource);
    // nothing listens on port 1: every call fails like one to a server that is down
    const gone = 'http://127.0.0.1:1/api/jobs';
    for (let i = 0; i < 3; i++) await expect(apiRequest('GET', gone)).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(apiRequest('GET', gone)).rejects.toMatchObject({ code: 'CIRCUIT_OPEN' });
    const live = openLiveConnection();
    latest().fail();
    await expect(apiRequest('GET', gone)).rejects.toMatchObject({ code: 'CIRCUIT_OPEN' });
    live.close();
    const again = openLiveConnection();
    latest().fail();
    await new Promise((r) => setTimeout(r, 1100));
    latest().emit('ready');
    await expect(apiRequest('GET', gone)).rejects.toMatchObject({ code: 'NETWORK' });
    again.close();
  });
});
