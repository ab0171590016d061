import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { AppError } from '@server/errors.js';

export interface RateLimitRule {
  max: number;
  /** Seconds. */
  window: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (when not allowed). */
  retryAfter: number;
}

/**
 * Counts one request against `key` in the rate_limits table (the same table better-auth's limiter uses), so a limit
 * holds across API instances. One atomic upsert: the window starts with the first request and restarts once it has passed.
 */
export async function consumeRateLimit(deps: Pick<Deps, 'db' | 'clock'>, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = deps.clock().getTime();
  const windowStart = now - rule.window * 1000;
  const result = await deps.db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number | string; last_request: number | string }[] }).rows[0];
  const count = Number(row.count);
  const started = Number(row.last_request);
  return { allowed: count <= rule.max, count, retryAfter: Math.max(1, Math.ceil((started + rule.window * 1000 - now) / 1000)) };
}

/** The wait in whole minutes, rounded up: '1 minute', '42 minutes'. */
const inMinutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
};

/**
 * Throws 429 with `message` ({n} = seconds to wait, {minutes} = the wait in minutes) when the limit is exceeded.
 * `onFirstRefusal` runs for the first refused request of a window only (to record it), so a flood records one entry.
 */
export async function enforceRateLimit(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
  rule: RateLimitRule,
  message: string,
  opts: { onFirstRefusal?: (r: RateLimitResult) => Promise<void> } = {},
): Promise<void> {
  const r = await consumeRateLimit(deps, key, rule);
  if (!r.allowed) {
    if (r.count === rule.max + 1) await opts.onFirstRefusal?.(r);
    const text = message.replace('{n}', String(r.retryAfter)).replace('{minutes}', inMinutes(r.retryAfter));
    throw new AppError('RATE_LIMITED', 429, text, { retryAfter: r.retryAfter });
  }
}
