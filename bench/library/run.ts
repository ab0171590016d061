/**
 * How long the library's list takes for a large account: UPLOADS uploads (default 5000), each enhanced once, every
 * tenth with a removal on its enhancement, a few processing and failed jobs. Prints the median of 7 calls of each
 * query shape, on PGlite or, with TEST_DATABASE_URL, on PostgreSQL.
 *   npx tsx bench/library/run.ts            UPLOADS=20000 npx tsx bench/library/run.ts
 */
import { sql } from 'drizzle-orm';
import { createServiceDeps } from '@server/testing/service-deps.js';
import { insertUser } from '@server/testing/insert-user.js';
import { listLibrary } from '@server/services/library/list-library.js';
import { LibraryQuery } from '@shared/api/library.js';

const UPLOADS = Number(process.env.UPLOADS ?? 5000);
const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const deps = await createServiceDeps(backend);
try {
  const { id: userId } = await insertUser(deps.db);
  const { id: otherId } = await insertUser(deps.db);
  const started = Date.now();
  for (const owner of [userId, otherId]) {
    await deps.db.execute(sql`
      insert into images (user_id, bucket, path, original_name, width, height, bytes, format, created_at)
      select ${owner}, 'user-images', ${owner} || '/' || g || '.png', 'render ' || g || '.png', 1920, 1080, 1000, 'png', now() - g * interval '1 minute'
      from generate_series(1, ${UPLOADS}) g`);
    await deps.db.execute(sql`
      insert into images (user_id, bucket, path, original_name, width, height, bytes, format, source_image_id)
      select user_id, 'enhanced-images', path || '-x2.png', 'r.png', 3840, 2160, 4000, 'png', id from images where user_id = ${owner} and source_image_id is null`);
    await deps.db.execute(sql`
      insert into image_jobs (user_id, status, workflow_type, target_image_id, result_image_id, processed_image_url, scale, mode, credit_state, finished_at)
      select r.user_id, 'completed', 'enhance', r.source_image_id, r.id, 'enhanced-images/' || r.path, 2, 'precision', 'charged', now()
      from images r where r.user_id = ${owner} and r.source_image_id is not null`);
    await deps.db.execute(sql`
      insert into images (user_id, bucket, path, original_name, width, height, bytes, format, source_image_id)
      select e.user_id, 'user-images', e.path || '-removed.png', 'r.png', 3840, 2160, 4000, 'png', e.id
      from images e where e.user_id = ${owner} and e.bucket = 'enhanced-images' and split_part(e.path, '/', 2) like '%0.png-x2.png'`);
    await deps.db.execute(sql`
      insert into image_jobs (user_id, status, workflow_type, target_image_id, result_image_id, processed_image_url, credit_state, finished_at)
      select r.user_id, 'completed', 'remove', r.source_image_id, r.id, 'user-images/' || r.path, 'charged', now()
      from images r where r.user_id = ${owner} and r.path like '%-removed.png'`);
    await deps.db.execute(sql`
      insert into image_jobs (user_id, status, workflow_type, target_image_id, scale, mode, credit_state, created_at)
      select user_id, case when row_number() over () % 2 = 0 then 'processing'::job_status else 'failed'::job_status end, 'enhance', id, 4, 'creativity', 'released', now()
      from (select * from images where user_id = ${owner} and source_image_id is null order by created_at desc limit 20) u`);
  }
  await deps.db.execute(sql`analyze`);
  const [{ n }] = ((await deps.db.execute(sql`select count(*)::int as n from images where user_id = ${userId}`)) as unknown as { rows: { n: number }[] }).rows;
  console.log(`${backend}: ${UPLOADS} uploads, ${n} image rows of the user (and as many of another user), made in ${Date.now() - started} ms`);

  const time = async (label: string, query: Record<string, string>) => {
    const q = LibraryQuery.parse(query);
    const runs: number[] = [];
    let items = 0;
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      items = (await listLibrary(deps, userId, q)).items.length;
      runs.push(performance.now() - t);
    }
    runs.sort((a, b) => a - b);
    console.log(`${label.padEnd(34)} ${runs[3].toFixed(1).padStart(7)} ms median (${items} items)`);
  };
  await time('first page', {});
  const first = await listLibrary(deps, userId, LibraryQuery.parse({}));
  await time('second page (cursor)', { cursor: first.nextCursor! });
  await time('search "render 42"', { q: 'render 42' });
  await time('status enhanced', { status: 'enhanced' });
  await time('status failed', { status: 'failed' });
  await time('date range (one day)', { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() });
} finally {
  await deps.dispose();
}
