import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import type { VersionStep } from '@shared/download-names.js';
import { descendantsByRoot, type ImageRow } from '../images/image-lineage.js';

/** A stored image with the way it came about: its upload, the steps from there, and what its own job cost. */
export interface ImageVersionChain {
  image: ImageRow;
  upload: ImageRow;
  steps: VersionStep[];
  /** Size relative to the upload. */
  scale: number;
  /** The last enhancement's mode, 'remove' when the last step was a removal, null for the upload itself. */
  mode: string | null;
  credits: number;
}

// deeper than any chain a user can build by hand; a cycle in bad data must not loop forever
const MAX_CHAIN = 64;

/** The user's image by id with its chain; another user's id, one that does not exist or one in the trash is 404. */
export async function loadVersionChain(deps: Pick<Deps, 'db'>, userId: string, imageId: string): Promise<ImageVersionChain> {
  const [image] = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.deletedAt)));
  if (!image) throw notFound('Image not found');
  const rows: ImageRow[] = [image];
  while (rows[0].sourceImageId && rows.length < MAX_CHAIN) {
    const [parent] = await deps.db
      .select()
      .from(images)
      .where(and(eq(images.id, rows[0].sourceImageId), eq(images.userId, userId)));
    if (!parent) break;
    rows.unshift(parent);
  }
  const resultIds = rows.slice(1).map((r) => r.id);
  const jobs = resultIds.length
    ? await deps.db
        .select()
        .from(imageJobs)
        .where(and(eq(imageJobs.userId, userId), eq(imageJobs.status, 'completed'), inArray(imageJobs.resultImageId, resultIds)))
    : [];
  const jobOf = new Map(jobs.map((j) => [j.resultImageId!, j]));
  const steps: VersionStep[] = resultIds.map((id) => {
    const job = jobOf.get(id);
    return job?.workflowType === 'enhance' && job.scale && job.mode ? { workflow: 'enhance', scale: job.scale, mode: job.mode } : { workflow: 'remove' };
  });
  const upload = rows[0];
  const last = steps.at(-1);
  return {
    image,
    upload,
    steps,
    scale: Math.max(1, Math.round(image.width / upload.width)),
    mode: last ? (last.workflow === 'enhance' ? last.mode : 'remove') : null,
    credits: jobOf.get(image.id)?.creditsUsed ?? 0,
  };
}

/** The version a card shows for an upload: its latest completed result, or the upload when it has none. */
export async function latestVersionId(deps: Pick<Deps, 'db'>, userId: string, uploadId: string): Promise<string> {
  const derived = (await descendantsByRoot(deps, userId, [uploadId])).get(uploadId) ?? [];
  if (derived.length === 0) return uploadId;
  const [job] = await deps.db
    .select({ resultImageId: imageJobs.resultImageId })
    .from(imageJobs)
    .where(
      and(
        eq(imageJobs.userId, userId),
        eq(imageJobs.status, 'completed'),
        inArray(
          imageJobs.resultImageId,
          derived.map((d) => d.id),
        ),
      ),
    )
    .orderBy(desc(imageJobs.finishedAt), desc(imageJobs.updatedAt))
    .limit(1);
  return job?.resultImageId ?? uploadId;
}

/** The ones of `ids` that name uploads of the user outside the trash: a viewport's cards may name deleted ones. */
export async function liveUploadIds(deps: Pick<Deps, 'db'>, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.userId, userId), inArray(images.id, ids), isNull(images.sourceImageId), isNull(images.deletedAt)));
  const live = new Set(rows.map((r) => r.id));
  return ids.filter((id) => live.has(id));
}
