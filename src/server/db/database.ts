import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { restrictToOwner } from '@server/data-dir-access.js';

export type Schema = typeof schema;
/** The Drizzle database, the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

interface DatabaseBase {
  db: Db;
  /** Applies the migrations in ./drizzle (idempotent). */
  migrate(): Promise<void>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
export interface PgliteDatabase extends DatabaseBase {
  kind: 'pglite';
  pglite: PGlite;
}
export interface PostgresDatabase extends DatabaseBase {
  kind: 'postgres';
  pool: pg.Pool;
  connectionString: string;
}
export type Database = PgliteDatabase | PostgresDatabase;

export interface OpenDatabaseOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  databaseUrl?: string;
  /** Folder of the PGlite data files; absent means in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

/** One entry point for both run modes: PGlite embedded (default) or PostgreSQL via DATABASE_URL. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // an idle client losing its connection must not crash the process
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let closed = false;
    return {
      kind: 'postgres',
      db,
      pool,
      connectionString: opts.databaseUrl,
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true, mode: 0o700 });
  const pglite = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  await pglite.waitReady;
  if (opts.pgliteDir) restrictToOwner(opts.pgliteDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
