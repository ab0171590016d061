import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { AppError } from '@server/errors.js';
import { accountMessages as m } from '@shared/accounts/messages.js';
import { consumeRateLimit } from './rate-limit.js';

type LockDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

export interface SignInAttempt {
  /** Gives the attempt's place back unless its password was wrong (better-auth answers a wrong one 401). */
  settle(status: number): Promise<void>;
}

// the table keeps a digest, not the address: counters outlive deleted accounts until their window passes
const keysFor = (email: string) => {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return { failures: `sign-in-account:${digest}`, lock: `sign-in-lock:${digest}` };
};

const locked = (retryAfter: number) => new AppError('SIGN_IN_LOCKED', 429, m.signInLocked, { retryAfter });

/**
 * The per-account sign-in limit. Per-address limits do not stop a guesser who spreads attempts over many addresses,
 * so wrong passwords are also counted per account, by its normalised e-mail whether an account has it or not (the
 * answers then tell nothing about who has one). The RATE_LIMIT_SIGN_IN_ACCOUNT max-th wrong password within its window
 * locks the address's sign-in for a whole window, the right password included; a successful sign-in does not lift it.
 *
 * An attempt takes its place in the count before the password is checked and gives it back unless the password was
 * wrong, so simultaneous guesses cannot all pass a count that has not yet seen their failures. Counters live in
 * rate_limits, so the limit holds across instances and restarts.
 */
export async function beginSignInAttempt(deps: LockDeps, email: string): Promise<SignInAttempt> {
  const rule = deps.config.RATE_LIMIT_SIGN_IN_ACCOUNT;
  const keys = keysFor(email);
  const now = deps.clock().getTime();
  const lock = (await deps.db.execute(sql`select last_request from rate_limits where key = ${keys.lock}`)) as unknown as {
    rows: { last_request: number | string }[];
  };
  const lockedUntil = lock.rows.length ? Number(lock.rows[0].last_request) + rule.window * 1000 : 0;
  if (lockedUntil > now) throw locked(Math.ceil((lockedUntil - now) / 1000));

  const giveBack = () => deps.db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${keys.failures}`);
  const place = await consumeRateLimit(deps, keys.failures, rule);
  if (!place.allowed) {
    // the places are taken by attempts still being judged: refused for now, and locked once they fail
    await giveBack();
    throw locked(place.retryAfter);
  }
  return {
    settle: async (status) => {
      if (status !== 401) {
        await giveBack();
        return;
      }
      if (place.count < rule.max) return;
      // a lock already in force keeps its start
      const at = deps.clock().getTime();
      await deps.db.execute(sql`
        insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${keys.lock}, 1, ${at})
        on conflict (key) do update set
          last_request = case when rate_limits.last_request <= ${at - rule.window * 1000} then ${at} else rate_limits.last_request end`);
    },
  };
}
