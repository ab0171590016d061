import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '@server/db/database.js';
import { pgliteClosedCleanly } from '@server/db/pglite-control.js';
import { lockDataDir } from '@server/data-dir-lock.js';
import type { Storage } from '@server/ports/storage.js';
import { tablesInDependencyOrder } from './tables.js';
import { inspectTarget, markFinished, markTarget } from './target-state.js';
import {
  advanceSequences,
  copyTable,
  countSourceRows,
  countTargetRows,
  releaseUnfinishedJobsToQueue,
  type SourceQuery,
  type TableCounts,
} from './copy-tables.js';
import { copyFiles, listSourceFiles, type FileReport } from './copy-files.js';
import type { Progress } from './progress.js';

/** A reason to stop before anything is written, for the operator to read. */
export class MigrateDataError extends Error {}

export interface MigrateDataOptions {
  /** The single-machine server's DATA_DIR (its database in `db/`, its files in `storage/`). */
  dataDir: string;
  /** postgres:// URL of the target database. */
  to: string;
  /** Where the files go, and how to name it in the report; null leaves them in `DATA_DIR/storage`. */
  storage: { store: Storage; description: string } | null;
  /** Write into a target that holds other data: rows whose key is already there are kept as they are. */
  force: boolean;
  /** Rows per target transaction. */
  batchSize: number;
  progress: Progress;
}

export interface MigrateDataReport {
  resumed: boolean;
  tables: TableCounts[];
  files: FileReport | null;
  /** Jobs that were waiting or running: queued again by the target's job maintenance. */
  jobsToQueue: number;
}

/**
 * Moves a stopped single-machine install into PostgreSQL (and a shared store): migrations applied on the target,
 * tables copied in foreign-key order, files copied and verified. Marks the target as its own first, so running it
 * again after a kill continues where the killed run stopped, without flags and without duplicates.
 */
export async function migrateData(opts: MigrateDataOptions): Promise<MigrateDataReport> {
  const dataDir = path.resolve(opts.dataDir);
  const dbDir = path.join(dataDir, 'db');
  if (pgliteClosedCleanly(dbDir) === undefined)
    throw new MigrateDataError(`No Renderlift database in ${dbDir}: set DATA_DIR to the data folder of the install to move.`);
  // a running server owns the embedded database; holding the lock also keeps one from starting mid-copy
  const release = lockDataDir(dataDir);
  const source = await openDatabase({ pgliteDir: dbDir }).catch((err) => {
    release();
    throw err;
  });
  const target = new pg.Pool({ connectionString: opts.to, max: 2 });
  target.on('error', () => {});
  try {
    // the source catches up with this version's schema, so both sides have the same tables and columns
    await source.migrate();
    if (source.kind !== 'pglite') throw new Error('the source is the embedded database');
    const { pglite } = source;
    const query: SourceQuery = async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows;
    const tables = tablesInDependencyOrder();
    const state = await inspectTarget(target, tables);
    if (state.kind === 'ours' && state.source !== dataDir && !opts.force) {
      throw new MigrateDataError(
        `The target holds a migration from ${state.source}, not from ${dataDir}. Use another database, or --force to add this one to it.`,
      );
    }
    if (state.kind === 'not-empty' && !opts.force) {
      const list = state.tables.map((t) => `${t.name} (${t.rows})`).join(', ');
      throw new MigrateDataError(
        `The target database is not empty: ${list}. Use an empty database, or --force to write into it (rows already there are kept).`,
      );
    }
    const resumed = state.kind === 'ours';
    opts.progress.say(resumed ? `Resuming the migration from ${state.source}.` : `Migrating ${dataDir}.`);
    const targetDb = await openDatabase({ databaseUrl: opts.to, poolSize: 1 });
    try {
      await targetDb.migrate();
    } finally {
      await targetDb.close();
    }
    await markTarget(target, state.kind === 'ours' ? state.source : dataDir);

    for (const table of tables) await copyTable(query, target, table, { batchSize: opts.batchSize, onBatch: opts.progress.rows });
    await advanceSequences(target);
    const jobsToQueue = await releaseUnfinishedJobsToQueue(target);

    let files: FileReport | null = null;
    if (opts.storage) {
      opts.progress.say(`Copying files to ${opts.storage.description}.`);
      files = await copyFiles(listSourceFiles(path.join(dataDir, 'storage')), opts.storage.store, opts.progress.files);
    }
    await markFinished(target);

    const counts: TableCounts[] = [];
    for (const t of tables) counts.push({ name: t.name, source: await countSourceRows(query, t.name), target: await countTargetRows(target, t.name) });
    return { resumed, tables: counts, files, jobsToQueue };
  } finally {
    await target.end();
    await source.close();
    release();
  }
}
