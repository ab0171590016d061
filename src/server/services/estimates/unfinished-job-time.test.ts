import { describe, expect, it } from 'vitest';
import { unfinishedJobTime, type EstimateContext, type UnfinishedJob } from './estimate-job.js';

const range = (low: number, high: number) => ({ low, high, basis: 'measured' as const });
const job = (id: string, second: number, started: boolean, low: number, high: number, leftSeconds: number): UnfinishedJob => ({
  id,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
  started,
  run: range(low, high),
  leftSeconds,
});

// the queue oldest first, as loadEstimateContext orders it
const context = (unfinished: UnfinishedJob[], slots: number): EstimateContext => ({
  runs: [],
  ahead: { runningLeftSeconds: [], waitingSeconds: [] },
  unfinished,
  slots,
});

describe('unfinishedJobTime', () => {
  it('gives a running job what it has left, with no wait', () => {
    const ctx = context([job('a', 0, true, 8, 12, 4)], 1);
    expect(unfinishedJobTime(ctx, 'a')).toEqual({ run: range(8, 12), waitSeconds: 0, leftSeconds: 4 });
  });

  it('makes a waiting job wait for the running job and the jobs queued before it, not those after', () => {
    const queue = [job('run', 0, true, 8, 12, 5), job('w1', 1, false, 9, 11, 10), job('w2', 2, false, 18, 22, 20), job('w3', 3, false, 2, 4, 3)];
    // one slot: w2 waits for run (5 s) and w1 (10 s), then runs its own 20 s
    expect(unfinishedJobTime(context(queue, 1), 'w2')).toEqual({ run: range(18, 22), waitSeconds: 15, leftSeconds: 35 });
    // the first waiting job waits only for the running one
    expect(unfinishedJobTime(context(queue, 1), 'w1')).toMatchObject({ waitSeconds: 5, leftSeconds: 15 });
    // two slots: w1 starts at once beside the running job; w2 takes the first slot to free (run's, after 5 s)
    expect(unfinishedJobTime(context(queue, 2), 'w1')).toMatchObject({ waitSeconds: 0, leftSeconds: 10 });
    expect(unfinishedJobTime(context(queue, 2), 'w2')).toMatchObject({ waitSeconds: 5, leftSeconds: 25 });
  });

  it('knows nothing of a job that has ended or is not in the queue', () => {
    expect(unfinishedJobTime(context([job('a', 0, true, 1, 2, 1)], 1), 'gone')).toBeNull();
  });
});
