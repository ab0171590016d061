import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, createTestDatabase, type TestDatabase } from '../testing/databases.js';
import { imageJobs, profiles, user } from './schema.js';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from '@shared/enhancement.js';

/** The values a migrated CHECK constraint allows, as PostgreSQL prints it back (`… = ANY (ARRAY[2, 3, 4, 6])`). */
async function allowedValues(t: TestDatabase, name: string): Promise<string[]> {
  const result = (await t.database.db.execute(
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and conrelid = 'image_jobs'::regclass`,
  )) as unknown as { rows: { def: string }[] };
  expect(result.rows).toHaveLength(1);
  const def = result.rows[0].def;
  const list = /ARRAY\[(.*?)\]/.exec(def) ?? /IN \((.*?)\)/i.exec(def);
  if (!list) throw new Error(`no list of values in ${name}: ${def}`);
  return list[1].split(',').map((v) =>
    v
      .trim()
      .replace(/::\w+( \w+)*$/, '')
      .replace(/^'(.*)'$/, '$1'),
  );
}

describe.each(backends)('domain lists in the database on %s', (backend) => {
  let t: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    userId = randomUUID();
    const email = `${userId}@example.com`;
    await t.database.db.insert(user).values({ id: userId, name: 'Ana', email });
    await t.database.db.insert(profiles).values({ userId, email });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const insertJob = (values: { scale?: number; mode?: string }) =>
    t.database.db.insert(imageJobs).values({ userId, status: 'failed', workflowType: 'enhance', errorMessage: 'test row', ...values });

  it('allows exactly the upscale factors of src/shared in image_jobs.scale', async () => {
    expect((await allowedValues(t, 'image_jobs_scale_known')).map(Number).sort()).toEqual([...UPSCALE_FACTORS].sort());
    for (const scale of UPSCALE_FACTORS) await insertJob({ scale });
    await expect(insertJob({ scale: 5 })).rejects.toThrow();
  });

  it('allows exactly the enhancement modes of src/shared in image_jobs.mode', async () => {
    expect((await allowedValues(t, 'image_jobs_mode_known')).sort()).toEqual([...ENHANCEMENT_MODES].sort());
    for (const mode of ENHANCEMENT_MODES) await insertJob({ mode });
    await expect(insertJob({ mode: 'sharpen' })).rejects.toThrow();
  });
});
