/**
 * When to try again (seed 001 §7.7), as TanStack Query `retry` / `retryDelay` options and as delays for the live
 * connection. Only answers that may change on a second try are retried: no answer at all, or a 5xx.
 */
import { ApiError } from './api-client';

/** No answer, a 5xx, or any error that is not an API answer (a failed JSON parse, a thrown TypeError). */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.code === 'CIRCUIT_OPEN') return false;
  return err.status === 0 || err.status >= 500;
}

/** Profile fetch: an error other than not-found is retried up to 2 times, 1 s apart. */
export const profileRetry = {
  retry: (failures: number, err: unknown) => failures < 2 && !(err instanceof ApiError && err.status === 404) && isTransient(err),
  retryDelay: () => 1000,
};

/** Session (viewport) list: retried up to 2 times, 1 s times the attempt number apart (1 s, then 2 s). */
export const viewportListRetry = {
  retry: (failures: number, err: unknown) => failures < 2 && isTransient(err),
  retryDelay: (failures: number) => 1000 * (failures + 1),
};

/** The live connection's reconnect delays: 1 s, 2 s, 4 s … up to 30 s, with up to 20 % less so tabs spread out. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 - 0.2 * random()));
}
