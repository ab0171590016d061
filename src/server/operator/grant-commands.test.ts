import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { main } from '../../../scripts/admin.js';
import { backends, createTestDatabase, type TestDatabase } from '../testing/databases.js';
import { insertUser } from '../testing/insert-user.js';
import { openDatabase, type Database } from '../db/database.js';
import { emailOutbox, planGrants, profiles } from '../db/schema.js';
import { parseUntil } from './grant-plan-command.js';

/** The command runs against the database the server would open: DATA_DIR's PGlite or DATABASE_URL. */
describe.each(backends)('npm run admin grant-plan / grant-beta (%s)', (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-grants-'));
  let testDb: TestDatabase | undefined;
  let env: Record<string, string>;
  // PGlite allows one process at a time, so the test opens it only between commands
  const withDb = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    if (testDb) return fn(testDb.database);
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      await db.migrate();
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  beforeAll(async () => {
    if (backend === 'postgres') testDb = await createTestDatabase('postgres');
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) };
  });
  afterAll(async () => {
    await testDb?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await main(argv, env, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };

  it('grants a complimentary plan with its credits and an end date', async () => {
    const u = await withDb((d) => insertUser(d.db, { email: `pro${Date.now()}@example.com`, credits: 4 }));
    const r = await run('grant-plan', u.email, 'pro', '--until', '2099-12-31');
    expect(r).toEqual({ code: 0, out: `${u.email} now has the Professional plan until 2099-12-31: credits 4 → 500.` });
    await withDb(async (d) => {
      const [p] = await d.db.select().from(profiles).where(eq(profiles.userId, u.id));
      expect([p.subscriptionStatus, p.creditsRemaining]).toEqual(['pro', 500]);
      const [g] = await d.db.select().from(planGrants).where(eq(planGrants.userId, u.id));
      expect(g).toMatchObject({ tier: 'pro', source: 'complimentary', status: 'active' });
      expect(g.expiresAt!.toISOString()).toBe('2099-12-31T23:59:59.999Z');
    });
    expect((await run('grant-plan', u.email, 'enterprise')).out).toBe(`${u.email} now has the Enterprise plan with no end date: credits 500 → 5000.`);
    // a grant never takes credits away
    expect((await run('grant-plan', u.email, 'basic')).out).toBe(`${u.email} now has the Basic plan with no end date: credits 5000 → 5000.`);
    await withDb(async (d) => {
      const [p] = await d.db.select().from(profiles).where(eq(profiles.userId, u.id));
      expect(p.creditsRemaining).toBe(5000);
    });
  });

  it('grants beta access', async () => {
    const u = await withDb((d) => insertUser(d.db, { email: `beta${Date.now()}@example.com` }));
    expect(await run('grant-beta', u.email)).toEqual({
      code: 0,
      out: `${u.email} now has beta access (Professional features): credits 0 → 2000.\nThe beta-access e-mail went to ${u.email}.`,
    });
    // a second grant changes nothing and sends no second e-mail
    expect(await run('grant-beta', u.email)).toEqual({ code: 0, out: `${u.email} already has beta access: nothing changed (2000 credits).` });
    await withDb(async (d) => {
      const [p] = await d.db.select().from(profiles).where(eq(profiles.userId, u.id));
      expect([p.betaAccess, p.creditsRemaining, p.subscriptionStatus]).toEqual([true, 2000, 'pro']);
      // the same e-mail the admin panel sends
      const mails = await d.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, u.email), eq(emailOutbox.template, 'beta-access')));
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Your Renderlift beta access is ready');
    });
  });

  it('explains wrong input and unknown users', async () => {
    expect(await run('grant-plan', 'nobody@example.com', 'basic')).toMatchObject({ code: 1, out: expect.stringContaining('User not found') });
    expect(await run('grant-beta', 'nobody@example.com')).toMatchObject({ code: 1, out: expect.stringContaining('User not found') });
    expect(await run('grant-plan', 'a@example.com', 'gold')).toMatchObject({ code: 2, out: expect.stringContaining('Unknown plan "gold"') });
    expect(await run('grant-plan', 'a@example.com', 'basic', '--until', '31/12/2099')).toMatchObject({ code: 2 });
    expect(await run('grant-plan', 'a@example.com')).toMatchObject({ code: 2, out: expect.stringContaining('Usage') });
    const u = await withDb((d) => insertUser(d.db, { email: `past${Date.now()}@example.com` }));
    expect(await run('grant-plan', u.email, 'basic', '--until=2001-01-01')).toEqual({ code: 1, out: 'Expiration date must be in the future' });
    expect((await run('help')).out).toContain('grant-plan <email> <tier>');
  });

  it('parses --until strictly', () => {
    expect(parseUntil('2026-02-30')).toBeUndefined();
    expect(parseUntil('2026-2-3')).toBeUndefined();
    expect(parseUntil('2026-02-28')!.toISOString()).toBe('2026-02-28T23:59:59.999Z');
  });
});
