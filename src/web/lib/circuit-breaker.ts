/**
 * A circuit breaker per API area (seed 001 §7.7, §9): after 3 failures in a row the area's calls are refused for
 * 30 s without reaching the network; then one trial call is let through (half-open): its success closes the breaker,
 * its failure opens it for another 30 s. Only failures of the server count (no answer, or 5xx), never a refusal.
 */
export const BREAKER_FAILURES = 3;
export const BREAKER_OPEN_MS = 30_000;

export type BreakerState = 'closed' | 'open' | 'half-open';

interface Entry {
  failures: number;
  openedAt: number | null;
  trialRunning: boolean;
}

export class CircuitBreakers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly threshold = BREAKER_FAILURES,
    private readonly openMs = BREAKER_OPEN_MS,
  ) {}

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (!e) this.entries.set(key, (e = { failures: 0, openedAt: null, trialRunning: false }));
    return e;
  }

  state(key: string): BreakerState {
    const e = this.entries.get(key);
    if (!e || e.openedAt === null) return 'closed';
    return this.now() - e.openedAt >= this.openMs ? 'half-open' : 'open';
  }

  /** Whether a call may go out now; in half-open state only one trial call at a time. */
  tryAcquire(key: string): boolean {
    const state = this.state(key);
    if (state === 'closed') return true;
    if (state === 'open') return false;
    const e = this.entry(key);
    if (e.trialRunning) return false;
    e.trialRunning = true;
    return true;
  }

  success(key: string): void {
    this.entries.delete(key);
  }

  failure(key: string): void {
    const e = this.entry(key);
    e.trialRunning = false;
    e.failures += 1;
    if (e.openedAt !== null || e.failures >= this.threshold) e.openedAt = this.now();
  }

  /** The server is known to answer again (the live channel is back): every area may call at once. */
  reset(): void {
    this.entries.clear();
  }

  /** A call that ended with neither verdict (aborted, or a 4xx answer during the trial) frees the trial slot. */
  release(key: string): void {
    const e = this.entries.get(key);
    if (e) e.trialRunning = false;
  }
}
