import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { main } from './admin.js';
import { backends, createTestDatabase, type TestDatabase } from '@server/testing/databases.js';
import { insertUser } from '@server/testing/insert-user.js';
import { user } from '@server/db/schema.js';

describe.each(backends.filter((b) => b === 'postgres'))('npm run admin (%s)', (backend) => {
  let testDb: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-admin-'));
  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await testDb?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('make-admin gives the role; unknown addresses and commands fail with a message', async () => {
    const u = await insertUser(testDb.database.db, { email: `boss${Date.now()}@example.com` });
    const lines: string[] = [];
    const env = { DATABASE_URL: testDb.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    expect(await main(['make-admin', u.email.toUpperCase()], env, (l) => lines.push(l))).toBe(0);
    const [row] = await testDb.database.db.select().from(user).where(eq(user.id, u.id));
    expect(row.role).toBe('admin');
    expect(await main(['make-admin', u.email], env, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toContain('already an admin');
    expect(await main(['make-admin', 'nobody@example.com'], env, (l) => lines.push(l))).toBe(1);
    expect(await main(['frobnicate'], env, (l) => lines.push(l))).toBe(2);
    expect(lines.join('\n')).toContain('make-admin <email>');
  });
});

describe('npm run admin (pglite data folder)', () => {
  it('make-admin works on the embedded database of DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-admin-'));
    try {
      const lines: string[] = [];
      const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      expect(await main(['make-admin', 'nobody@example.com'], env, (l) => lines.push(l))).toBe(1);
      expect(lines[0]).toContain('No account');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
