import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { profileRetry, reconnectDelay, viewportListRetry } from './retry-policy';

/** Runs a query that always fails under `policy` and records when each attempt was made (fake clock, in ms). */
async function attemptTimes(policy: { retry: (n: number, e: unknown) => boolean; retryDelay: (n: number) => number }, err: unknown) {
  const start = Date.now();
  const times: number[] = [];
  const client = new QueryClient();
  const done = client
    .fetchQuery({
      queryKey: ['q'],
      queryFn: () => {
        times.push(Date.now() - start);
        return Promise.reject(err);
      },
      ...policy,
    })
    .catch((e: unknown) => e);
  await vi.runAllTimersAsync();
  expect(await done).toBe(err);
  return times;
}

describe('retry schedules', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('profile fetch: up to 2 retries, 1 s apart', async () => {
    expect(await attemptTimes(profileRetry, new ApiError(503, 'HTTP_503', 'down'))).toEqual([0, 1000, 2000]);
    expect(await attemptTimes(profileRetry, new ApiError(0, 'NETWORK', 'no answer'))).toEqual([0, 1000, 2000]);
  });

  it('profile fetch: not-found and other refusals are not retried, nor an open circuit breaker', async () => {
    expect(await attemptTimes(profileRetry, new ApiError(404, 'NOT_FOUND', 'gone'))).toEqual([0]);
    expect(await attemptTimes(profileRetry, new ApiError(401, 'UNAUTHORIZED', 'no'))).toEqual([0]);
    expect(await attemptTimes(profileRetry, new ApiError(0, 'CIRCUIT_OPEN', 'blocked'))).toEqual([0]);
  });

  it('session list: up to 2 retries, 1 s times the attempt number apart', async () => {
    expect(await attemptTimes(viewportListRetry, new ApiError(500, 'HTTP_500', 'boom'))).toEqual([0, 1000, 3000]);
  });

  it('live connection: 1 s, 2 s, 4 s … capped at 30 s, never more than 20 % early', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => reconnectDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(reconnectDelay(1, () => 1)).toBe(800);
    expect(reconnectDelay(6, () => 0.5)).toBe(27000);
  });
});
