import type { Deps } from '@server/deps.js';
import { AppError } from '@server/errors.js';
import { SIGNED_URL_TTL } from '@shared/limits.js';
import { libraryMessages } from '@shared/library.js';
import type { LibraryItem, LibraryQuery, LibraryResponse } from '@shared/api/library.js';
import type { Bucket } from '@shared/url-checks.js';
import { findViewportData, listLibraryResults, listLibraryRows, type LibraryRow } from '@server/repositories/library-repository.js';
import { thumbnailKeyFor } from '../storage/paths.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque cursor: the last upload's place in the order (created_at to the microsecond, id). */
export const encodeCursor = (row: Pick<LibraryRow, 'createdKey' | 'id'>) => Buffer.from(JSON.stringify([row.createdKey, row.id])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'string' && UUID.test(id)) return { createdAt, id };
  } catch {
    // refused below
  }
  throw new AppError('BAD_CURSOR', 400, libraryMessages.badCursor);
}

/**
 * The uploads a saved viewport shows: by the upload's id (`imageId`, or a card id that is one), or by the stored
 * file its `originalUrl` points to (viewports saved before cards carried the id).
 */
export function viewportRefs(data: Record<string, unknown>): { ids: string[]; paths: string[] } {
  const ids = new Set<string>();
  const paths = new Set<string>();
  for (const item of Array.isArray(data.images) ? data.images : []) {
    if (typeof item !== 'object' || item === null) continue;
    const img = item as Record<string, unknown>;
    for (const id of [img.imageId, img.id]) if (typeof id === 'string' && UUID.test(id)) ids.add(id.toLowerCase());
    if (typeof img.originalUrl === 'string') {
      const bare = img.originalUrl.split(/[?#]/)[0];
      const at = bare.indexOf('user-images/');
      if (at >= 0) {
        try {
          paths.add(decodeURIComponent(bare.slice(at + 'user-images/'.length)));
        } catch {
          // not a path of ours
        }
      }
    }
  }
  return { ids: [...ids], paths: [...paths] };
}

/**
 * The library (issue: every upload and every result of the account): the user's uploads, newest first, searched by
 * name, filtered by upload date, saved viewport and status, one page at a time. What any viewport holds does not
 * matter: an upload left out of a session saved on another device is listed all the same. Thumbnails are the
 * upload's small WebP, never the file itself.
 */
export async function listLibrary(deps: Pick<Deps, 'db' | 'storage'>, userId: string, query: LibraryQuery): Promise<LibraryResponse> {
  let only: { ids: string[]; paths: string[] } | undefined;
  if (query.session) {
    const data = await findViewportData(deps.db, userId, query.session);
    if (!data) throw new AppError('SESSION_NOT_FOUND', 404, libraryMessages.sessionNotFound);
    only = viewportRefs(data);
  }
  const rows = await listLibraryRows(deps.db, {
    userId,
    search: query.q || undefined,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    only,
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const results = await listLibraryResults(
    deps.db,
    userId,
    page.map((r) => r.id),
  );
  const items = await Promise.all(
    page.map(async (row): Promise<LibraryItem> => {
      const bucket = row.bucket as Bucket;
      const thumbKey = thumbnailKeyFor(row.path);
      const thumb = (await deps.storage.head(bucket, thumbKey)) ? await deps.storage.signUrl(bucket, thumbKey, SIGNED_URL_TTL.upload) : null;
      const failed = row.lastStatus === 'failed';
      return {
        id: row.id,
        name: row.originalName ?? 'image',
        width: row.width,
        height: row.height,
        format: row.format,
        bytes: row.bytes,
        created_at: row.createdAt.toISOString(),
        thumbnailUrl: thumb?.url ?? null,
        results: results
          .filter((r) => r.rootId === row.id)
          .map((r) => ({
            jobId: r.jobId,
            workflow: r.workflow,
            scale: r.workflow === 'enhance' ? r.scale : null,
            mode: r.workflow === 'remove' ? 'remove' : r.mode,
            width: r.width,
            height: r.height,
            completed_at: r.completedAt.toISOString(),
          })),
        status: row.processing ? 'processing' : failed ? 'failed' : row.enhancements > 0 ? 'enhanced' : 'not-enhanced',
        processing: row.processing,
      };
    }),
  );
  return { items, nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null };
}
