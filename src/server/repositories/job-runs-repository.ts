import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { imageJobs, images } from '../db/schema.js';

/** The finished runs estimates are learned from, newest first: how long each took and how large its output was. */
export interface FinishedRunRow {
  workflowType: 'enhance' | 'remove';
  mode: string | null;
  scale: number | null;
  startedAt: Date;
  finishedAt: Date;
  /** The stored result's size: the engine's output (input × scale), the input's for a removal. */
  resultWidth: number;
  resultHeight: number;
  /** An exact target size was delivered: the result was scaled down after the engine's run. */
  exactSize: boolean;
}

export async function findFinishedRuns(db: Db | Tx, limit: number): Promise<FinishedRunRow[]> {
  const rows = await db
    .select({
      workflowType: imageJobs.workflowType,
      mode: imageJobs.mode,
      scale: imageJobs.scale,
      startedAt: imageJobs.startedAt,
      finishedAt: imageJobs.finishedAt,
      params: imageJobs.params,
      resultWidth: images.width,
      resultHeight: images.height,
    })
    .from(imageJobs)
    .innerJoin(images, eq(images.id, imageJobs.resultImageId))
    .where(and(eq(imageJobs.status, 'completed'), isNotNull(imageJobs.startedAt), isNotNull(imageJobs.finishedAt)))
    .orderBy(desc(imageJobs.finishedAt))
    .limit(limit);
  return rows.map(({ params, ...r }) => ({ ...r, startedAt: r.startedAt!, finishedAt: r.finishedAt!, exactSize: Boolean(params && 'output' in params) }));
}

/** Every job accepted and not ended (any user's): the queue a new job joins. The input's size is its upload's. */
export async function findUnfinishedJobs(db: Db | Tx) {
  return db
    .select({
      id: imageJobs.id,
      workflowType: imageJobs.workflowType,
      mode: imageJobs.mode,
      scale: imageJobs.scale,
      startedAt: imageJobs.startedAt,
      createdAt: imageJobs.createdAt,
      etaMs: imageJobs.etaMs,
      progress: imageJobs.progress,
      width: images.width,
      height: images.height,
    })
    .from(imageJobs)
    .leftJoin(images, eq(images.id, imageJobs.targetImageId))
    .where(inArray(imageJobs.status, ['pending', 'processing']));
}

/**
 * A completed enhancement of this input version (the upload when `parentJobId` is null) whose result, still kept,
 * has the given size at the given mode: the same settings run before.
 */
export async function findSameEnhancement(
  db: Db | Tx,
  q: { userId: string; imageId: string; parentJobId: string | null; mode: string; width: number; height: number },
) {
  const [row] = await db
    .select({ id: imageJobs.id, scale: imageJobs.scale, mode: imageJobs.mode })
    .from(imageJobs)
    .innerJoin(images, eq(images.id, imageJobs.resultImageId))
    .where(
      and(
        eq(imageJobs.userId, q.userId),
        eq(imageJobs.status, 'completed'),
        eq(imageJobs.workflowType, 'enhance'),
        eq(imageJobs.targetImageId, q.imageId),
        q.parentJobId ? eq(imageJobs.sourceJobId, q.parentJobId) : isNull(imageJobs.sourceJobId),
        eq(imageJobs.mode, q.mode),
        eq(images.width, q.width),
        eq(images.height, q.height),
        isNull(images.deletedAt),
      ),
    )
    .orderBy(desc(imageJobs.finishedAt))
    .limit(1);
  return row ?? null;
}
