import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backends, createTestDatabase, type TestDatabase } from '../testing/databases.js';
import { imageJobs, images, profiles, user } from './schema.js';

/** The statements of the migration that closed the public results bucket, as the migrator runs them. */
const statements = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/0006_image_shares.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim());
const rewrite = statements.find((s) => /UPDATE "image_jobs"/.test(s))!;

describe.each(backends)('results stored as public addresses become storage paths (%s)', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await t.database.migrate();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('rewrites the files-route and S3_PUBLIC_URL addresses of results to their bucket and path, and nothing else', async () => {
    const userId = randomUUID();
    await t.database.db.insert(user).values({ id: userId, name: 'Ana', email: `${userId}@example.com` });
    await t.database.db.insert(profiles).values({ userId, email: `${userId}@example.com` });
    const result = async (key: string) =>
      (
        await t.database.db
          .insert(images)
          .values({ userId, bucket: 'enhanced-images', path: `${userId}/${key}`, width: 2, height: 2, bytes: 1, format: 'png' })
          .returning()
      )[0];
    const job = async (processedImageUrl: string, resultImageId: string | null) =>
      (await t.database.db.insert(imageJobs).values({ userId, status: 'completed', processedImageUrl, resultImageId }).returning())[0].id;
    const [a, b, c] = [await result('a.png'), await result('b.png'), await result('c.png')];
    const viaApi = await job(`/api/files/enhanced-images/${userId}/a.png`, a.id);
    const viaCdn = await job(`https://cdn.example.com/prod/enhanced-images/${userId}/b.png`, b.id);
    const already = await job(`enhanced-images/${userId}/c.png`, c.id);
    const orphan = await job('https://cdn.example.com/prod/enhanced-images/gone.png', null);

    await t.database.db.execute(sql.raw(rewrite));
    const url = async (id: string) => (await t.database.db.select().from(imageJobs).where(eq(imageJobs.id, id)))[0].processedImageUrl;
    expect([await url(viaApi), await url(viaCdn), await url(already), await url(orphan)]).toEqual([
      `enhanced-images/${userId}/a.png`,
      `enhanced-images/${userId}/b.png`,
      `enhanced-images/${userId}/c.png`,
      'https://cdn.example.com/prod/enhanced-images/gone.png',
    ]);
  });
});
