import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStopOnSignal } from './stop-on-signal.js';

/** A promise the test settles by hand, standing for a close that takes as long as the test says. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(opts: { graceMs?: number; timeoutMs?: number; forceBoundMs?: number } = {}) {
  const graceful = deferred();
  const forced = deferred();
  const calls: string[] = [];
  const exits: number[] = [];
  const logs: string[] = [];
  const log = (level: string) => (obj: unknown, msg?: string) => logs.push(`${level} ${msg ?? obj}`);
  const onSignal = createStopOnSignal({
    close: () => {
      calls.push('close');
      return graceful.promise;
    },
    forceClose: () => {
      calls.push('forceClose');
      return forced.promise;
    },
    graceMs: opts.graceMs ?? 2000,
    timeoutMs: opts.timeoutMs ?? 15_000,
    forceBoundMs: opts.forceBoundMs ?? 5000,
    exit: (code) => exits.push(code),
    logger: { info: log('info'), warn: log('warn'), error: log('error') } as never,
  });
  return { onSignal, graceful, forced, calls, exits, logs };
}

describe('stopping on a signal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops gracefully on one signal and exits 0 once the close has finished', async () => {
    const s = setup();
    s.onSignal('SIGINT');
    expect(s.calls).toEqual(['close']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.exits).toEqual([]);
    s.graceful.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.exits).toEqual([0]);
    expect(s.logs).toContain('info signal received');
    // the timeout no longer fires once the stop is done
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s.calls).toEqual(['close']);
    expect(s.exits).toEqual([0]);
  });

  it('takes a second signal within the grace window as the same request', async () => {
    const s = setup();
    s.onSignal('SIGINT');
    await vi.advanceTimersByTimeAsync(30);
    s.onSignal('SIGINT');
    await vi.advanceTimersByTimeAsync(1900);
    s.onSignal('SIGTERM');
    expect(s.calls).toEqual(['close']);
    expect(s.logs.filter((l) => l === 'info signal repeated, already stopping')).toHaveLength(2);
    s.graceful.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.exits).toEqual([0]);
    expect(s.calls).toEqual(['close']);
  });

  it('forces the stop on a signal after the grace window, exiting only once the database is closed', async () => {
    const s = setup();
    s.onSignal('SIGINT');
    await vi.advanceTimersByTimeAsync(2500);
    s.onSignal('SIGINT');
    expect(s.calls).toEqual(['close', 'forceClose']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.exits).toEqual([]);
    s.forced.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.exits).toEqual([1]);
    expect(s.logs.some((l) => l.startsWith('warn forcing the stop'))).toBe(true);
    // the graceful stop finishing afterwards changes nothing
    s.graceful.resolve();
    s.onSignal('SIGINT');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s.exits).toEqual([1]);
    expect(s.calls).toEqual(['close', 'forceClose']);
  });

  it('forces the stop when SHUTDOWN_TIMEOUT_MS passes', async () => {
    const s = setup({ timeoutMs: 15_000 });
    s.onSignal('SIGTERM');
    await vi.advanceTimersByTimeAsync(14_999);
    expect(s.calls).toEqual(['close']);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.calls).toEqual(['close', 'forceClose']);
    expect(s.exits).toEqual([]);
    s.forced.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.exits).toEqual([1]);
  });

  it('waits for the forced database close only within its bound', async () => {
    const s = setup({ timeoutMs: 1000, forceBoundMs: 5000 });
    s.onSignal('SIGTERM');
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.calls).toEqual(['close', 'forceClose']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(s.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.exits).toEqual([1]);
    expect(s.logs).toContain('error the database did not close in time');
  });

  it('closes the database the forced way when the graceful stop fails', async () => {
    const s = setup();
    s.onSignal('SIGINT');
    s.graceful.reject(new Error('queue would not stop'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls).toEqual(['close', 'forceClose']);
    expect(s.logs).toContain('error shutdown failed');
    s.forced.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.exits).toEqual([1]);
  });
});
