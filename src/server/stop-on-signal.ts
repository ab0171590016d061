import type { Logger } from './logger.js';

/** A repeat of the stop signal this soon after the first is the same request (Ctrl-C reaches npm and the server, npm forwards it again). */
export const SIGNAL_GRACE_MS = 2000;
/** How long a forced stop still waits for the database to close before the process exits anyway. */
export const FORCED_CLOSE_BOUND_MS = 5000;

export interface StopPolicy {
  /** The graceful stop: finish requests, hand jobs back, close the queue and the database. */
  close: () => Promise<void>;
  /** The last resort once the graceful stop is overtaken: close the database and release the data folder. */
  forceClose: () => Promise<void>;
  /** A second signal within this long after the first is ignored. */
  graceMs: number;
  /** The graceful stop may take this long; then the stop is forced. */
  timeoutMs: number;
  /** A forced stop waits this long for `forceClose`. */
  forceBoundMs: number;
  exit: (code: number) => void;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => number;
}

/**
 * What a stop signal does: the first starts the graceful stop; a repeat within the grace window is the same
 * request; a later one, or the timeout passing, forces the stop, which still awaits the database close within
 * a bound. The process exits 0 only after a complete graceful stop.
 */
export function createStopOnSignal(policy: StopPolicy): (signal: string) => void {
  const now = policy.now ?? Date.now;
  const { logger } = policy;
  let firstAt: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  let forcing = false;

  const end = (code: number) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    policy.exit(code);
  };

  const force = async (reason: string) => {
    if (forcing || ended) return;
    forcing = true;
    logger.warn({ reason }, 'forcing the stop');
    let bound: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      policy.forceClose().then(
        () => 'closed' as const,
        (err: unknown) => {
          logger.error({ err }, 'closing the database failed');
          return 'failed' as const;
        },
      ),
      new Promise<'timeout'>((resolve) => (bound = setTimeout(() => resolve('timeout'), policy.forceBoundMs))),
    ]);
    clearTimeout(bound);
    if (outcome === 'timeout') logger.error({ ms: policy.forceBoundMs }, 'the database did not close in time');
    end(1);
  };

  return (signal: string) => {
    if (firstAt === undefined) {
      firstAt = now();
      logger.info({ signal }, 'signal received');
      timer = setTimeout(() => void force(`still stopping after ${policy.timeoutMs} ms`), policy.timeoutMs);
      policy.close().then(
        () => {
          if (!forcing) end(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          void force('the graceful stop failed');
        },
      );
      return;
    }
    if (now() - firstAt < policy.graceMs) {
      logger.info({ signal }, 'signal repeated, already stopping');
      return;
    }
    void force(`${signal} received while stopping`);
  };
}
