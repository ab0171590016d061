import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backends, createTestDatabase, type TestDatabase } from '@server/testing/databases.js';
import { insertUser } from '@server/testing/insert-user.js';
import { creditLedger, imageJobs, profiles } from '@server/db/schema.js';
import type { Db } from '@server/db/database.js';
import { InsufficientCreditsError, chargeReservation, getBalance, grantCredits, releaseReservation, reserveCredits, resetCredits } from './ledger.js';

async function newJob(db: Db, userId: string): Promise<string> {
  const [job] = await db.insert(imageJobs).values({ userId, status: 'processing' }).returning({ id: imageJobs.id });
  return job.id;
}

async function ledgerOf(db: Db, userId: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.id);
}

/** The audit property: the balance equals the sum of the user's ledger deltas. */
async function expectLedgerMatchesBalance(db: Db, userId: string) {
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  expect(Number(total)).toBe(await getBalance(db, userId));
}

describe.each(backends)('credit ledger (%s)', (backend) => {
  let t: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    db = t.database.db;
  });
  afterAll(() => t?.dispose());

  async function userWith(credits: number) {
    const u = await insertUser(db);
    await resetCredits(db, u.id, credits, 'adjustment');
    return u;
  }

  it('reserves, then charges once; the job records the reservation', async () => {
    const u = await userWith(10);
    const job = await newJob(db, u.id);
    expect(await reserveCredits(db, u.id, 4, job)).toEqual({ balance: 6 });
    const [j] = await db.select().from(imageJobs).where(eq(imageJobs.id, job));
    expect([j.creditsUsed, j.creditState]).toEqual([4, 'reserved']);
    expect(await chargeReservation(db, job)).toEqual({ changed: true, amount: 4, balance: 6 });
    expect(await chargeReservation(db, job)).toEqual({ changed: false, amount: 0, balance: 6 });
    expect(await releaseReservation(db, job)).toEqual({ changed: false, amount: 0, balance: 6 });
    expect(await getBalance(db, u.id)).toBe(6);
    const rows = await ledgerOf(db, u.id);
    expect(rows.map((r) => [r.reason, r.delta, r.balanceAfter, r.jobId])).toEqual([
      ['adjustment', 10, 10, null],
      ['reserve', -4, 6, job],
      ['charge', 0, 6, job],
    ]);
    await expectLedgerMatchesBalance(db, u.id);
  });

  it('releases a failed or cancelled job once', async () => {
    const u = await userWith(5);
    const job = await newJob(db, u.id);
    await reserveCredits(db, u.id, 5, job);
    expect(await getBalance(db, u.id)).toBe(0);
    const [a, b] = await Promise.all([releaseReservation(db, job), releaseReservation(db, job)]);
    expect([a.changed, b.changed].sort()).toEqual([false, true]);
    expect(await getBalance(db, u.id)).toBe(5);
    expect(await chargeReservation(db, job)).toMatchObject({ changed: false });
    const [j] = await db.select().from(imageJobs).where(eq(imageJobs.id, job));
    expect(j.creditState).toBe('released');
    await expectLedgerMatchesBalance(db, u.id);
  });

  it('refuses a reservation the balance does not cover, with the seed message below 1 credit', async () => {
    const u = await userWith(2);
    const job = await newJob(db, u.id);
    const err = await reserveCredits(db, u.id, 3, job).catch((e) => e);
    expect(err).toBeInstanceOf(InsufficientCreditsError);
    expect(err.status).toBe(402);
    expect(err.message).toBe('Insufficient Credits - This needs 3 credits and you have 2. Please upgrade your plan.');
    await resetCredits(db, u.id, 0, 'adjustment');
    const zero = await reserveCredits(db, u.id, 1, job).catch((e) => e);
    expect(zero.message).toBe('Insufficient Credits - You need at least 1 credit to enhance an image. Please upgrade your plan.');
    const [j] = await db.select().from(imageJobs).where(eq(imageJobs.id, job));
    expect(j.creditsUsed).toBe(0);
    await expectLedgerMatchesBalance(db, u.id);
  });

  it("rolls the reservation back with the caller's transaction", async () => {
    const u = await userWith(10);
    await db
      .transaction(async (tx) => {
        const [job] = await tx.insert(imageJobs).values({ userId: u.id, status: 'processing' }).returning({ id: imageJobs.id });
        await reserveCredits(tx, u.id, 3, job.id);
        throw new Error('enqueue failed');
      })
      .catch(() => {});
    expect(await getBalance(db, u.id)).toBe(10);
    expect((await ledgerOf(db, u.id)).length).toBe(1);
  });

  it('never goes negative under many concurrent reservations', async () => {
    const u = await userWith(100);
    const jobs = await Promise.all(Array.from({ length: 60 }, () => newJob(db, u.id)));
    const results = await Promise.allSettled(jobs.map((job) => reserveCredits(db, u.id, 3, job)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok.length).toBe(33);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientCreditsError)).toBe(true);
    expect(await getBalance(db, u.id)).toBe(1);
    const rows = await ledgerOf(db, u.id);
    expect(rows.filter((r) => r.reason === 'reserve').length).toBe(33);
    expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
    // every reserve row's balance_after is distinct: each saw the previous one's result
    expect(new Set(rows.filter((r) => r.reason === 'reserve').map((r) => r.balanceAfter)).size).toBe(33);
    await expectLedgerMatchesBalance(db, u.id);
  });

  it('keeps the balance exact when reservations, releases and grants interleave', async () => {
    const u = await userWith(20);
    const jobs = await Promise.all(Array.from({ length: 20 }, () => newJob(db, u.id)));
    await Promise.allSettled(jobs.map((job) => reserveCredits(db, u.id, 2, job)));
    await Promise.all([
      ...jobs.slice(0, 10).map((job) => releaseReservation(db, job)),
      ...jobs.slice(10).map((job) => chargeReservation(db, job)),
      grantCredits(db, u.id, 7, 'purchase', { invoiceId: 'in_test_1' }),
    ]);
    // 10 reserved (20 credits), 10 refused; first 10 released (+20 if they were the reserved ones)
    const reserved = await db.select().from(imageJobs).where(eq(imageJobs.userId, u.id));
    const charged = reserved.filter((j) => j.creditState === 'charged').reduce((s, j) => s + j.creditsUsed, 0);
    expect(await getBalance(db, u.id)).toBe(20 + 7 - charged);
    const [grant] = (await ledgerOf(db, u.id)).filter((r) => r.reason === 'purchase');
    expect(grant.invoiceId).toBe('in_test_1');
    await expectLedgerMatchesBalance(db, u.id);
  });

  it('resets to an allowance with the exact delta', async () => {
    const u = await userWith(3);
    expect(await resetCredits(db, u.id, 500, 'complimentary')).toEqual({ balance: 500, delta: 497 });
    expect(await resetCredits(db, u.id, 200, 'monthly_reset')).toEqual({ balance: 200, delta: -300 });
    const [p] = await db.select().from(profiles).where(eq(profiles.userId, u.id));
    expect(p.creditsRemaining).toBe(200);
    await expectLedgerMatchesBalance(db, u.id);
  });

  it('reports a missing profile or job as not found', async () => {
    await expect(grantCredits(db, 'nobody', 1, 'adjustment')).rejects.toMatchObject({ status: 404 });
    await expect(reserveCredits(db, 'nobody', 1)).rejects.toMatchObject({ status: 404 });
    const u = await userWith(5);
    const other = await userWith(5);
    const job = await newJob(db, other.id);
    // another user's job cannot carry this user's reservation
    await expect(reserveCredits(db, u.id, 1, job)).rejects.toMatchObject({ status: 404 });
    expect(await getBalance(db, u.id)).toBe(5);
  });
});
