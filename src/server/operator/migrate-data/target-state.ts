import type pg from 'pg';
import { quoteIdent, type TablePlan } from './tables.js';

/** The schema on the target that marks it as this migration's own, with what has been copied so far. */
export const MARKER_SCHEMA = 'renderlift_migrate_data';

export type TargetState =
  | { kind: 'empty' }
  /** This migration's own target: a run was started (and possibly killed) from `source`. */
  | { kind: 'ours'; source: string; finishedAt: Date | null }
  | { kind: 'not-empty'; tables: { name: string; rows: number }[] };

/** What the target holds: nothing of ours, a migration's partial (or finished) copy, or other data. */
export async function inspectTarget(pool: pg.Pool, tables: TablePlan[]): Promise<TargetState> {
  const marker = await pool.query<{ exists: boolean }>(`select to_regclass($1) is not null as exists`, [`${MARKER_SCHEMA}.run`]);
  if (marker.rows[0].exists) {
    const run = await pool.query<{ source: string; finished_at: Date | null }>(`select source, finished_at from ${MARKER_SCHEMA}.run where id = 1`);
    if (run.rows[0]) return { kind: 'ours', source: run.rows[0].source, finishedAt: run.rows[0].finished_at };
  }
  const existing = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_name = any($1)`,
    [tables.map((t) => t.name)],
  );
  const nonEmpty: { name: string; rows: number }[] = [];
  for (const { table_name } of existing.rows) {
    const { rows } = await pool.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(table_name)}`);
    if (Number(rows[0].n) > 0) nonEmpty.push({ name: table_name, rows: Number(rows[0].n) });
  }
  return nonEmpty.length ? { kind: 'not-empty', tables: nonEmpty } : { kind: 'empty' };
}

/** Marks the target as this migration's own before the first row is written, so a re-run after a kill resumes. */
export async function markTarget(pool: pg.Pool, source: string): Promise<void> {
  await pool.query(`create schema if not exists ${MARKER_SCHEMA}`);
  await pool.query(
    `create table if not exists ${MARKER_SCHEMA}.run (id int primary key check (id = 1), source text not null, started_at timestamptz not null default now(), finished_at timestamptz)`,
  );
  await pool.query(`create table if not exists ${MARKER_SCHEMA}.table_progress (table_name text primary key, rows_done bigint not null)`);
  await pool.query(`insert into ${MARKER_SCHEMA}.run (id, source) values (1, $1) on conflict (id) do nothing`, [source]);
}

export async function rowsDone(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ table_name: string; rows_done: string }>(`select table_name, rows_done::text from ${MARKER_SCHEMA}.table_progress`);
  return new Map(rows.map((r) => [r.table_name, Number(r.rows_done)]));
}

/** Records rows copied of a table, inside the batch's own transaction: a killed batch leaves neither rows nor count. */
export async function recordRowsDone(client: pg.PoolClient, table: string, done: number): Promise<void> {
  await client.query(
    `insert into ${MARKER_SCHEMA}.table_progress (table_name, rows_done) values ($1, $2) on conflict (table_name) do update set rows_done = excluded.rows_done`,
    [table, done],
  );
}

export async function markFinished(pool: pg.Pool): Promise<void> {
  await pool.query(`update ${MARKER_SCHEMA}.run set finished_at = coalesce(finished_at, now()) where id = 1`);
}
