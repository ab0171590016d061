import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backends, createTestDatabase, type TestDatabase } from '../testing/databases.js';
import { openDatabase } from './database.js';
import { imageJobs, profiles, user, viewportSessions } from './schema.js';

async function insertUser(t: TestDatabase, email = `${randomUUID()}@example.com`) {
  const id = randomUUID();
  await t.database.db.insert(user).values({ id, name: 'Ana', email });
  await t.database.db.insert(profiles).values({ userId: id, email });
  return id;
}

describe.each(backends)('data layer on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('applies every migration and is idempotent', async () => {
    await t.database.migrate();
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const names = tables.rows.map((r) => r.table_name);
    for (const expected of [
      'profiles',
      'business_customers',
      'image_jobs',
      'viewport_sessions',
      'app_settings',
      'images',
      'credit_ledger',
      'plan_grants',
      'email_outbox',
      'security_events',
      'contact_messages',
      'users',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('gives a new profile the free plan defaults', async () => {
    const id = await insertUser(t);
    const [p] = await t.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(p).toMatchObject({ creditsRemaining: 4, subscriptionStatus: 'free', betaAccess: false, isBusiness: false });
  });

  it('never lets credits go negative', async () => {
    const id = await insertUser(t);
    await expect(t.database.db.update(profiles).set({ creditsRemaining: -1 }).where(eq(profiles.userId, id))).rejects.toThrow();
  });

  it('rejects an unknown subscription status', async () => {
    const id = await insertUser(t);
    await expect(t.database.db.execute(sql`update profiles set subscription_status = 'gold' where user_id = ${id}`)).rejects.toThrow();
  });

  it('refuses a completed job without a processed image URL', async () => {
    const id = await insertUser(t);
    await expect(t.database.db.insert(imageJobs).values({ userId: id, status: 'completed' })).rejects.toThrow();
    const [ok] = await t.database.db.insert(imageJobs).values({ userId: id, status: 'completed', processedImageUrl: 'enhanced-images/x.png' }).returning();
    expect(ok.status).toBe('completed');
  });

  it('allows exactly one active viewport session per user', async () => {
    const id = await insertUser(t);
    const other = await insertUser(t);
    await t.database.db.insert(viewportSessions).values({ userId: id, sessionName: 'Villa A', viewportData: {}, isActive: true });
    await t.database.db.insert(viewportSessions).values({ userId: id, sessionName: 'Villa B', viewportData: {}, isActive: false });
    await expect(t.database.db.insert(viewportSessions).values({ userId: id, sessionName: 'Villa C', viewportData: {}, isActive: true })).rejects.toThrow();
    // another user's active session is independent
    await t.database.db.insert(viewportSessions).values({ userId: other, sessionName: 'Mine', viewportData: {}, isActive: true });
  });

  it('rolls back a failed transaction completely', async () => {
    const id = await insertUser(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(profiles).set({ creditsRemaining: 100 }).where(eq(profiles.userId, id));
        await tx.update(profiles).set({ creditsRemaining: -5 }).where(eq(profiles.userId, id));
      }),
    ).rejects.toThrow();
    const [p] = await t.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(p.creditsRemaining).toBe(4);
  });

  it('removes a user’s rows with the user', async () => {
    const id = await insertUser(t);
    await t.database.db.insert(imageJobs).values({ userId: id });
    await t.database.db.delete(user).where(eq(user.id, id));
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(0);
    expect(await t.database.db.select().from(imageJobs).where(eq(imageJobs.userId, id))).toHaveLength(0);
  });
});

describe('PGlite on disk', () => {
  it('keeps data across close and reopen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-db-'));
    try {
      const first = await openDatabase({ pgliteDir: path.join(dir, 'db') });
      await first.migrate();
      await first.db.insert(user).values({ id: 'u1', name: 'Ana', email: 'ana@example.com' });
      await first.close();
      const second = await openDatabase({ pgliteDir: path.join(dir, 'db') });
      await second.migrate();
      const rows = await second.db.select().from(user);
      expect(rows.map((r) => r.email)).toEqual(['ana@example.com']);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
