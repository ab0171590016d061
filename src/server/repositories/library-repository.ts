import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { viewportSessions } from '../db/schema.js';
import type { LibraryStatus } from '@shared/library.js';

/** What the library filters by; every part optional but the owner. */
export interface LibraryFilter {
  userId: string;
  /** Part of the name, matched in any case; LIKE's wildcards in it are plain characters. */
  search?: string;
  from?: Date;
  to?: Date;
  /** Only these uploads (a saved viewport's); ids and storage paths, as the viewport names them. */
  only?: { ids: string[]; paths: string[] };
  status?: LibraryStatus;
  /** After this place in the order (newest first): the previous page's last upload. */
  after?: { createdAt: string; id: string };
  limit: number;
}

export interface LibraryRow {
  id: string;
  originalName: string | null;
  width: number;
  height: number;
  format: string;
  bytes: number;
  bucket: string;
  path: string;
  createdAt: Date;
  /** created_at to the microsecond, in UTC: the cursor's key (a JavaScript Date keeps milliseconds only). */
  createdKey: string;
  enhancements: number;
  processing: boolean;
  lastStatus: string | null;
}

export interface LibraryResultRow {
  rootId: string;
  jobId: string;
  workflow: 'enhance' | 'remove';
  scale: number | null;
  mode: string | null;
  width: number;
  height: number;
  completedAt: Date;
}

type Rows<T> = { rows: T[] };

/**
 * Every image derived from the uploads `roots` picks (a condition on `u`), results of results included, each with the
 * upload it descends from.
 */
const lineage = (userId: string, roots: SQL) => sql`
  with recursive lineage(id, root_id) as (
    select u.id, u.id from images u where u.user_id = ${userId} and ${roots}
    union
    select i.id, l.root_id from images i join lineage l on i.source_image_id = l.id where i.user_id = ${userId}
  )`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function statusRule(status: LibraryStatus): SQL {
  switch (status) {
    case 'enhanced':
      return sql`coalesce(s.enhancements, 0) > 0`;
    case 'not-enhanced':
      return sql`coalesce(s.enhancements, 0) = 0`;
    case 'processing':
      return sql`coalesce(s.processing, false)`;
    case 'failed':
      return sql`s.last_status = 'failed'`;
  }
}

/**
 * One page of the user's uploads (never one in the trash), newest first, each with its jobs' summary: completed
 * enhancements, whether a job runs, the status of its latest job. Jobs count for the upload they descend from,
 * whichever of its versions they worked on.
 */
export async function listLibraryRows(db: Db, f: LibraryFilter): Promise<LibraryRow[]> {
  const where: SQL[] = [sql`u.user_id = ${f.userId}`, sql`u.source_image_id is null`, sql`u.bucket = 'user-images'`, sql`u.deleted_at is null`];
  if (f.search) where.push(sql`u.original_name ilike ${`%${escapeLike(f.search)}%`}`);
  if (f.from) where.push(sql`u.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`u.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.only) {
    const ids = f.only.ids.map((id) => sql`${id}::uuid`);
    const paths = f.only.paths.map((p) => sql`${p}`);
    if (ids.length === 0 && paths.length === 0) return [];
    const either: SQL[] = [];
    if (ids.length > 0) either.push(sql`u.id in (${sql.join(ids, sql`, `)})`);
    if (paths.length > 0) either.push(sql`u.path in (${sql.join(paths, sql`, `)})`);
    where.push(sql`(${sql.join(either, sql` or `)})`);
  }
  if (f.after) where.push(sql`(u.created_at, u.id) < (${f.after.createdAt}::timestamptz, ${f.after.id}::uuid)`);
  // the jobs are summed for the uploads the other filters leave, not for the whole account; without a status filter,
  // for this page's uploads only (20 000 uploads: 150 ms → the page's own cost)
  const filtered = sql.join(where, sql` and `);
  const roots = f.status ? filtered : sql`u.id in (select u.id from images u where ${filtered} order by u.created_at desc, u.id desc limit ${f.limit})`;
  if (f.status) where.push(statusRule(f.status));

  const result = (await db.execute(sql`
    ${lineage(f.userId, roots)},
    stats as (
      select l.root_id,
        count(*) filter (where j.status = 'completed' and j.workflow_type = 'enhance' and j.result_image_id is not null) as enhancements,
        bool_or(j.status in ('pending', 'processing')) as processing,
        (array_agg(j.status::text order by j.created_at desc, j.id desc))[1] as last_status
      from lineage l join image_jobs j on j.target_image_id = l.id and j.user_id = ${f.userId}
      group by l.root_id
    )
    select u.id, u.original_name, u.width, u.height, u.format, u.bytes, u.bucket, u.path,
      to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
      coalesce(s.enhancements, 0) as enhancements, coalesce(s.processing, false) as processing, s.last_status
    from images u left join stats s on s.root_id = u.id
    where ${sql.join(where, sql` and `)}
    order by u.created_at desc, u.id desc
    limit ${f.limit}`)) as unknown as Rows<Record<string, unknown>>;

  return result.rows.map((r) => ({
    id: String(r.id),
    originalName: r.original_name === null ? null : String(r.original_name),
    width: Number(r.width),
    height: Number(r.height),
    format: String(r.format),
    bytes: Number(r.bytes),
    bucket: String(r.bucket),
    path: String(r.path),
    createdAt: new Date(String(r.created_key)),
    createdKey: String(r.created_key),
    enhancements: Number(r.enhancements),
    processing: r.processing === true || r.processing === 't',
    lastStatus: r.last_status === null || r.last_status === undefined ? null : String(r.last_status),
  }));
}

/** The completed results of these uploads (their results' results too) whose files are kept, oldest first. */
export async function listLibraryResults(db: Db, userId: string, rootIds: string[]): Promise<LibraryResultRow[]> {
  if (rootIds.length === 0) return [];
  const roots = sql`u.id in (${sql.join(
    rootIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const result = (await db.execute(sql`
    ${lineage(userId, roots)}
    select l.root_id, j.id as job_id, j.workflow_type, j.scale, j.mode, r.width, r.height,
      to_char(coalesce(j.finished_at, j.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at
    from lineage l
      join image_jobs j on j.target_image_id = l.id and j.user_id = ${userId} and j.status = 'completed'
      join images r on r.id = j.result_image_id and r.user_id = ${userId} and r.deleted_at is null
    order by coalesce(j.finished_at, j.updated_at) asc, j.id asc`)) as unknown as Rows<Record<string, unknown>>;
  return result.rows.map((r) => ({
    rootId: String(r.root_id),
    jobId: String(r.job_id),
    workflow: r.workflow_type === 'remove' ? 'remove' : 'enhance',
    scale: r.scale === null ? null : Number(r.scale),
    mode: r.mode === null ? null : String(r.mode),
    width: Number(r.width),
    height: Number(r.height),
    completedAt: new Date(String(r.completed_at)),
  }));
}

/** A saved viewport's document, if it is the user's. */
export async function findViewportData(db: Db, userId: string, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ data: viewportSessions.viewportData })
    .from(viewportSessions)
    .where(and(eq(viewportSessions.id, id), eq(viewportSessions.userId, userId)));
  return row ? row.data : null;
}
