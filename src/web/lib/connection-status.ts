/**
 * Whether the server answers, for the connection banner on every page. A call that got no answer, a live channel that
 * dropped or the browser going offline makes the connection suspect; the server's health check (`/healthz`, answered
 * whatever the host or session) decides. While it does not answer the connection is lost and the check repeats every
 * few seconds; the first answer restores it and closes every circuit breaker, so what the user tries next goes out.
 */
export interface ConnectionMonitor {
  /** True while the server is known not to answer. */
  isLost(): boolean;
  subscribe(listener: () => void): () => void;
  /** Something failed to reach the server: check now (once at a time). */
  suspect(): void;
  /** An answer came back from the server. */
  answered(): void;
  stop(): void;
}

export interface ConnectionMonitorOptions {
  /** Resolves true when the server answered the health check. */
  probe: () => Promise<boolean>;
  /** The server answers again after it was lost. */
  onBack?: () => void;
  /** Between checks while lost. */
  retryMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const CONNECTION_RETRY_MS = 3000;

export function createConnectionMonitor(opts: ConnectionMonitorOptions): ConnectionMonitor {
  const retryMs = opts.retryMs ?? CONNECTION_RETRY_MS;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const listeners = new Set<() => void>();
  let lost = false;
  let checking = false;
  let timer: unknown = null;
  let stopped = false;

  const set = (next: boolean) => {
    if (next === lost) return;
    lost = next;
    if (!next) opts.onBack?.();
    for (const l of [...listeners]) l();
  };

  async function check() {
    if (checking || stopped) return;
    checking = true;
    if (timer !== null) clearTimer(timer);
    timer = null;
    let ok = false;
    try {
      ok = await opts.probe();
    } catch {
      ok = false;
    }
    checking = false;
    if (stopped) return;
    set(!ok);
    if (!ok) timer = setTimer(() => void check(), retryMs);
  }

  return {
    isLost: () => lost,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    suspect: () => void check(),
    answered() {
      if (!lost) return;
      if (timer !== null) clearTimer(timer);
      timer = null;
      set(false);
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      listeners.clear();
    },
  };
}
