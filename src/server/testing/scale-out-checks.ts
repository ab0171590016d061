/**
 * What must add up after many processes worked on one database and one bucket: each job run to its end by exactly one
 * worker, each balance equal to its ledger's sum, each stored object owned by a row and each row's object stored.
 * Every check returns the problems it found, none when all is well.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { creditLedger, imageJobs, images, profiles } from '../db/schema.js';
import { thumbnailKeyFor } from '../services/storage/paths.js';
import type { ScaleOutProcess } from './scale-out.js';

/** Each job completed, charged, completed in the queue, and logged as completed by one worker alone. */
export async function jobsRunOnce(database: Database, jobIds: string[], workers: ScaleOutProcess[]): Promise<string[]> {
  const problems: string[] = [];
  const rows = await database.db.select().from(imageJobs).where(inArray(imageJobs.id, jobIds));
  for (const id of jobIds) {
    const row = rows.find((r) => r.id === id);
    if (!row) {
      problems.push(`job ${id} has no row`);
      continue;
    }
    if (row.status !== 'completed' || row.creditState !== 'charged') problems.push(`job ${id} is ${row.status}, its credits ${row.creditState}`);
    const ledger = await database.db.select({ reason: creditLedger.reason }).from(creditLedger).where(eq(creditLedger.jobId, id));
    const reasons = ledger.map((l) => l.reason).sort();
    if (reasons.join('+') !== 'charge+reserve') problems.push(`job ${id}: ledger ${reasons.join('+') || 'empty'}`);
    const queued = (await database.db.execute(sql`select state from pgboss.job where id = ${row.queueJobId}`)) as unknown as { rows: { state: string }[] };
    if (queued.rows[0]?.state !== 'completed') problems.push(`job ${id}: queue job ${row.queueJobId} is ${queued.rows[0]?.state ?? 'missing'}`);
    const completedBy = workers.filter((w) => w.entries('job completed').some((e) => e.jobId === id));
    if (completedBy.length !== 1) problems.push(`job ${id} was completed by ${completedBy.length} workers`);
  }
  return problems;
}

/** For every profile, the balance is the sum of its ledger. */
export async function balancesMatchLedger(database: Database): Promise<string[]> {
  const sums = (await database.db.execute(
    sql`select p.user_id, p.credits_remaining, coalesce(sum(l.delta), 0)::int as ledger
        from ${profiles} p left join ${creditLedger} l on l.user_id = p.user_id
        group by p.user_id, p.credits_remaining`,
  )) as unknown as { rows: { user_id: string; credits_remaining: number; ledger: number }[] };
  return sums.rows.filter((r) => r.credits_remaining !== r.ledger).map((r) => `user ${r.user_id}: balance ${r.credits_remaining}, ledger sum ${r.ledger}`);
}

/**
 * Every object in the bucket belongs to an image row (a result's preview counts with its result), and every image row's
 * object is in the bucket. `keys` are the bucket's object keys: logical bucket, then the key within it.
 */
export async function objectsMatchRows(database: Database, keys: string[]): Promise<string[]> {
  const rows = await database.db.select({ bucket: images.bucket, path: images.path }).from(images);
  const owned = new Set(rows.flatMap((r) => [`${r.bucket}/${r.path}`, `${r.bucket}/${thumbnailKeyFor(r.path)}`]));
  const stored = new Set(keys);
  return [
    ...keys.filter((k) => !owned.has(k)).map((k) => `object without its row: ${k}`),
    ...rows.filter((r) => !stored.has(`${r.bucket}/${r.path}`)).map((r) => `row without its object: ${r.bucket}/${r.path}`),
  ];
}
