import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/database.js';
import { creditLedger, imageJobs, profiles } from '@server/db/schema.js';
import { AppError, notFound } from '@server/errors.js';
import { fill, messages } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import { LOW_CREDIT_THRESHOLD } from '@shared/credit-cost.js';

/**
 * The credit ledger: the only code that changes profiles.credits_remaining. Each change runs in a transaction
 * (a savepoint when the caller already holds one, so the jobs service can reserve inside its own) together with
 * a credit_ledger row carrying the delta, the reason, the job or invoice and the balance after it.
 * Callers publish the new balance to the owner after their transaction commits.
 */

export type Executor = Db | Tx;
export type CreditReason = (typeof creditLedger.$inferInsert)['reason'] &
  ('signup' | 'reserve' | 'release' | 'charge' | 'monthly_reset' | 'plan_change' | 'complimentary' | 'beta' | 'expiry' | 'purchase' | 'adjustment');

export interface LedgerRef {
  jobId?: string | null;
  invoiceId?: string | null;
}

const inTx = <T>(db: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> => (db as Db).transaction(fn);

function assertAmount(amount: number) {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`credit amount must be a non-negative integer, got ${amount}`);
}

async function record(tx: Tx, userId: string, delta: number, reason: CreditReason, balanceAfter: number, ref: LedgerRef = {}) {
  await tx.insert(creditLedger).values({ userId, delta, reason, balanceAfter, jobId: ref.jobId ?? null, invoiceId: ref.invoiceId ?? null });
  // above the low range again: the next dip gets its low-credit e-mail
  if (balanceAfter > LOW_CREDIT_THRESHOLD) {
    await tx
      .update(profiles)
      .set({ lowCreditsNotified: false })
      .where(and(eq(profiles.userId, userId), eq(profiles.lowCreditsNotified, true)));
  }
}

export async function getBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!row) throw notFound('Profile not found');
  return row.credits;
}

export class InsufficientCreditsError extends AppError {
  constructor(
    public readonly cost: number,
    public readonly balance: number,
  ) {
    // seed 001 §8 words the "fewer than 1" case; a balance above 0 that does not cover the cost gets ours
    super('INSUFFICIENT_CREDITS', 402, balance < 1 ? messages.enhanceInsufficientCredits : fill(storageMessages.insufficientCreditsFor, { cost, balance }), {
      cost,
      balance,
    });
  }
}

/**
 * Takes `amount` credits off the balance for a job about to run. The conditional UPDATE is the whole guard:
 * PostgreSQL re-checks `credits_remaining >= amount` on the locked row, so parallel submissions can never
 * drive the balance below zero. With a job id, the job records the reservation (credits_used, state reserved);
 * the job row must already exist in the caller's transaction.
 */
export async function reserveCredits(db: Executor, userId: string, amount: number, jobId: string | null = null): Promise<{ balance: number }> {
  assertAmount(amount);
  return inTx(db, async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ creditsRemaining: sql`${profiles.creditsRemaining} - ${amount}`, updatedAt: sql`now()` })
      .where(and(eq(profiles.userId, userId), gte(profiles.creditsRemaining, amount)))
      .returning({ balance: profiles.creditsRemaining });
    if (!row) throw new InsufficientCreditsError(amount, await getBalance(tx, userId));
    if (jobId) {
      const updated = await tx
        .update(imageJobs)
        .set({ creditsUsed: amount, creditState: 'reserved', updatedAt: sql`now()` })
        .where(and(eq(imageJobs.id, jobId), eq(imageJobs.userId, userId)))
        .returning({ id: imageJobs.id });
      if (updated.length === 0) throw notFound('Job not found');
    }
    await record(tx, userId, -amount, 'reserve', row.balance, { jobId });
    return { balance: row.balance };
  });
}

export interface SettleResult {
  /** False when the job's reservation was already charged or released: nothing changed. */
  changed: boolean;
  amount: number;
  balance: number;
}

/**
 * A successful job's reservation becomes a charge. Call it in the transaction that marks the job completed.
 * Idempotent: only a reservation still in state `reserved` is charged, so a retried worker never charges twice.
 * The balance already went down at reservation; the ledger row (delta 0) records that it is now final.
 */
export async function chargeReservation(db: Executor, jobId: string): Promise<SettleResult> {
  return inTx(db, async (tx) => {
    const [job] = await tx
      .update(imageJobs)
      .set({ creditState: 'charged', updatedAt: sql`now()` })
      .where(and(eq(imageJobs.id, jobId), eq(imageJobs.creditState, 'reserved')))
      .returning({ userId: imageJobs.userId, amount: imageJobs.creditsUsed });
    if (!job) return { changed: false, amount: 0, balance: await balanceOfJobOwner(tx, jobId) };
    const balance = await getBalance(tx, job.userId);
    await record(tx, job.userId, 0, 'charge', balance, { jobId });
    return { changed: true, amount: job.amount, balance };
  });
}

/**
 * A failed or cancelled job's reservation goes back to the balance. Idempotent like chargeReservation, so a
 * cancel racing a failure, or the stuck-job sweep, returns the credits once.
 */
export async function releaseReservation(db: Executor, jobId: string): Promise<SettleResult> {
  return inTx(db, async (tx) => {
    const [job] = await tx
      .update(imageJobs)
      .set({ creditState: 'released', updatedAt: sql`now()` })
      .where(and(eq(imageJobs.id, jobId), eq(imageJobs.creditState, 'reserved')))
      .returning({ userId: imageJobs.userId, amount: imageJobs.creditsUsed });
    if (!job) return { changed: false, amount: 0, balance: await balanceOfJobOwner(tx, jobId) };
    const [row] = await tx
      .update(profiles)
      .set({ creditsRemaining: sql`${profiles.creditsRemaining} + ${job.amount}`, updatedAt: sql`now()` })
      .where(eq(profiles.userId, job.userId))
      .returning({ balance: profiles.creditsRemaining });
    if (!row) throw notFound('Profile not found');
    await record(tx, job.userId, job.amount, 'release', row.balance, { jobId });
    return { changed: true, amount: job.amount, balance: row.balance };
  });
}

async function balanceOfJobOwner(tx: Tx, jobId: string): Promise<number> {
  const [job] = await tx.select({ userId: imageJobs.userId }).from(imageJobs).where(eq(imageJobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  return getBalance(tx, job.userId);
}

/** Adds credits (a purchase, an adjustment). */
export async function grantCredits(db: Executor, userId: string, amount: number, reason: CreditReason, ref: LedgerRef = {}): Promise<{ balance: number }> {
  assertAmount(amount);
  return inTx(db, async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ creditsRemaining: sql`${profiles.creditsRemaining} + ${amount}`, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId))
      .returning({ balance: profiles.creditsRemaining });
    if (!row) throw notFound('Profile not found');
    await record(tx, userId, amount, reason, row.balance, ref);
    return { balance: row.balance };
  });
}

/**
 * Raises the balance to at least `floor` (a complimentary plan or beta access granted by an admin): a grant gives
 * credits and never takes any away, so a balance already at or above the floor is left alone and no ledger row is
 * written; otherwise one positive row records the difference. The row is locked so the delta is exact.
 */
export async function raiseCredits(
  db: Executor,
  userId: string,
  floor: number,
  reason: CreditReason,
  ref: LedgerRef = {},
): Promise<{ before: number; after: number }> {
  assertAmount(floor);
  return inTx(db, async (tx) => {
    const [current] = await tx.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!current) throw notFound('Profile not found');
    const before = current.credits;
    if (before >= floor) return { before, after: before };
    await tx
      .update(profiles)
      .set({ creditsRemaining: floor, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    await record(tx, userId, floor - before, reason, floor, ref);
    return { before, after: floor };
  });
}

/**
 * Sets the balance to an allowance (monthly reset or plan change; seed 001 §9:
 * "credits reset on plan change and at each billing cycle"). The row is locked first so the recorded delta is
 * exact even while reservations run. Credits reserved by jobs still running come back on top if those jobs fail.
 */
export async function resetCredits(
  db: Executor,
  userId: string,
  balance: number,
  reason: CreditReason,
  ref: LedgerRef = {},
): Promise<{ balance: number; delta: number }> {
  assertAmount(balance);
  return inTx(db, async (tx) => {
    const [current] = await tx.select({ credits: profiles.creditsRemaining }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!current) throw notFound('Profile not found');
    const delta = balance - current.credits;
    await tx
      .update(profiles)
      .set({ creditsRemaining: balance, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    await record(tx, userId, delta, reason, balance, ref);
    return { balance, delta };
  });
}
