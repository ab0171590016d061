import type pg from 'pg';
import { quoteIdent, type TablePlan } from './tables.js';
import { recordRowsDone, rowsDone } from './target-state.js';

/** A query on the source database (the stopped server's embedded PGlite): rows as plain objects. */
export type SourceQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface TableCounts {
  name: string;
  source: number;
  target: number;
}

export interface RowProgress {
  table: string;
  done: number;
  total: number;
  bytes: number;
}

const countSql = (table: string) => `select count(*)::text as n from ${quoteIdent(table)}`;

export async function countSourceRows(source: SourceQuery, table: string): Promise<number> {
  return Number((await source(countSql(table)))[0].n);
}

export async function countTargetRows(target: pg.Pool, table: string): Promise<number> {
  return Number((await target.query<{ n: string }>(countSql(table))).rows[0].n);
}

/**
 * Copies one table in primary-key order, `batchSize` rows per target transaction, resuming after the rows a killed
 * run committed. Rows travel as JSON made by the source and read back by the target into the table's own row type,
 * so every column type (timestamps, enums, jsonb, bigint) arrives exactly as it left. A row whose key is already
 * there is left as it is, so a batch repeated after a kill never duplicates.
 */
export async function copyTable(
  source: SourceQuery,
  target: pg.Pool,
  table: TablePlan,
  opts: { batchSize: number; onBatch: (p: RowProgress) => void },
): Promise<void> {
  const total = await countSourceRows(source, table.name);
  let done = (await rowsDone(target)).get(table.name) ?? 0;
  const order = table.primaryKey.map(quoteIdent).join(', ');
  const without = table.selfReferences.length ? ` - array[${table.selfReferences.map((c) => `'${c}'`).join(', ')}]::text[]` : '';
  let bytes = 0;
  opts.onBatch({ table: table.name, done, total, bytes });
  while (done < total) {
    const [batch] = await source(
      `select coalesce(jsonb_agg(to_jsonb(t)${without}), '[]'::jsonb)::text as rows, count(*)::text as n
         from (select * from ${quoteIdent(table.name)} order by ${order} limit $1 offset $2) t`,
      [opts.batchSize, done],
    );
    const n = Number(batch.n);
    if (n === 0) break;
    const client = await target.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into ${quoteIdent(table.name)} select (jsonb_populate_record(null::${quoteIdent(table.name)}, e)).* from jsonb_array_elements($1::jsonb) e on conflict do nothing`,
        [batch.rows],
      );
      await recordRowsDone(client, table.name, done + n);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
    done += n;
    bytes += (batch.rows as string).length;
    opts.onBatch({ table: table.name, done, total, bytes });
  }
  if (table.selfReferences.length) await restoreSelfReferences(source, target, table, opts.batchSize);
}

/** Fills in the columns that point into the same table once all its rows are there; repeating it changes nothing. */
async function restoreSelfReferences(source: SourceQuery, target: pg.Pool, table: TablePlan, batchSize: number) {
  const keys = [...table.primaryKey, ...table.selfReferences];
  const notNull = table.selfReferences.map((c) => `${quoteIdent(c)} is not null`).join(' or ');
  const order = table.primaryKey.map(quoteIdent).join(', ');
  const set = table.selfReferences.map((c) => `${quoteIdent(c)} = r.${quoteIdent(c)}`).join(', ');
  const match = table.primaryKey.map((c) => `t.${quoteIdent(c)} = r.${quoteIdent(c)}`).join(' and ');
  for (let offset = 0; ; offset += batchSize) {
    const [batch] = await source(
      `select coalesce(jsonb_agg(jsonb_build_object(${keys.map((k) => `'${k}', ${quoteIdent(k)}`).join(', ')})), '[]'::jsonb)::text as rows, count(*)::text as n
         from (select * from ${quoteIdent(table.name)} where ${notNull} order by ${order} limit $1 offset $2) s`,
      [batchSize, offset],
    );
    if (Number(batch.n) === 0) return;
    await target.query(
      `update ${quoteIdent(table.name)} t set ${set}
         from (select (jsonb_populate_record(null::${quoteIdent(table.name)}, e)).* from jsonb_array_elements($1::jsonb) e) r where ${match}`,
      [batch.rows],
    );
  }
}

/** Sets every serial column's sequence past the largest value copied, so the target's next row gets a fresh id. */
export async function advanceSequences(target: pg.Pool): Promise<void> {
  const { rows } = await target.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table_name, column_name } of rows) {
    const t = quoteIdent(table_name);
    const c = quoteIdent(column_name);
    await target.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${c}) from ${t}), 1), (select max(${c}) from ${t}) is not null)`, [
      t,
      column_name,
    ]);
  }
}

/**
 * Jobs that were waiting or running when the server stopped belonged to the source's queue, which is not copied:
 * they are handed to the target without a queue id, and the target's job maintenance (every minute) queues them
 * again, as it does for any job committed but never queued. Their credits stay reserved meanwhile.
 */
export async function releaseUnfinishedJobsToQueue(target: pg.Pool): Promise<number> {
  await target.query(
    `update image_jobs set queue_job_id = null, status = 'processing', progress = 0, eta_ms = null, started_at = null
       where status in ('pending', 'processing') and queue_job_id is not null`,
  );
  const { rows } = await target.query<{ n: string }>(`select count(*)::text as n from image_jobs where status = 'processing' and queue_job_id is null`);
  return Number(rows[0].n);
}
