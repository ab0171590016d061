import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.js';

export type Backend = 'pglite' | 'postgres';

/** The data layer runs against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of the fresh database (postgres backend only). */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the test PostgreSQL server, dropped on dispose. */
export async function createTestDatabase(backend: Backend, adminUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rl_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
