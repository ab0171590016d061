import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, images } from '@server/db/schema.js';
import { SIGNED_URL_TTL } from '@shared/limits.js';
import type { ImageVersion, WorkspaceImage } from '@shared/workspace-images.js';
import { thumbnailKeyFor } from '../storage/paths.js';
import { toJobDto, type JobRow } from '../jobs/job-dto.js';
import { presentJob } from '../jobs/present-job.js';
import { descendantsByRoot, type ImageRow } from './image-lineage.js';
import type { Bucket } from '@shared/url-checks.js';

export type { ImageVersion, WorkspaceImage };

/** One completed result as a version of its upload: the size relative to the upload gives the scale. */
async function presentVersion(deps: Pick<Deps, 'storage'>, upload: ImageRow, job: JobRow, result: ImageRow): Promise<ImageVersion> {
  const shown = await presentJob(deps, toJobDto(job));
  return {
    jobId: job.id,
    imageId: result.id,
    workflow: job.workflowType,
    parentJobId: job.sourceJobId,
    url: shown.processed_image_url!,
    previewUrl: shown.preview_url ?? null,
    width: result.width,
    height: result.height,
    scale: job.workflowType === 'enhance' && job.scale ? job.scale : Math.max(1, Math.round(result.width / upload.width)),
    mode: job.workflowType === 'remove' ? 'remove' : job.mode,
    completed_at: (job.finishedAt ?? job.updatedAt).toISOString(),
  };
}

/**
 * The user's uploads with every result derived from them (enhancements, removals on them, removals on removals),
 * the latest as the card's current one, and any job still running on them: what the workspace shows after a
 * reload ('Loading your images...', 'Fetching your completed enhancements'). Results belong to the upload, so a
 * saved viewport being deleted never loses one. Uploads in the trash are left out (list-trash.ts lists them).
 * `id`: that upload alone (the library adds it to a canvas), whichever of the user's uploads it is.
 */
export async function listWorkspaceImages(deps: Pick<Deps, 'db' | 'storage'>, userId: string, opts: { id?: string } = {}): Promise<WorkspaceImage[]> {
  const uploads = await deps.db
    .select()
    .from(images)
    .where(
      and(
        eq(images.userId, userId),
        eq(images.bucket, 'user-images'),
        isNull(images.sourceImageId),
        isNull(images.deletedAt),
        opts.id ? eq(images.id, opts.id) : undefined,
      ),
    )
    .orderBy(desc(images.createdAt))
    .limit(500);
  if (uploads.length === 0) return [];
  const lineage = await descendantsByRoot(
    deps,
    userId,
    uploads.map((u) => u.id),
  );
  const rootOf = new Map<string, string>();
  const byId = new Map<string, ImageRow>();
  for (const u of uploads) {
    rootOf.set(u.id, u.id);
    for (const d of lineage.get(u.id) ?? []) {
      rootOf.set(d.id, u.id);
      byId.set(d.id, d);
    }
  }
  const jobs = await deps.db
    .select()
    .from(imageJobs)
    .where(
      and(
        eq(imageJobs.userId, userId),
        inArray(imageJobs.targetImageId, [...rootOf.keys()]),
        inArray(imageJobs.status, ['completed', 'processing', 'pending']),
      ),
    )
    .orderBy(asc(imageJobs.updatedAt));

  return Promise.all(
    uploads.map(async (u): Promise<WorkspaceImage> => {
      const bucket = u.bucket as Bucket;
      const signed = await deps.storage.signUrl(bucket, u.path, SIGNED_URL_TTL.upload);
      const thumbKey = thumbnailKeyFor(u.path);
      const thumb = (await deps.storage.head(bucket, thumbKey)) ? await deps.storage.signUrl(bucket, thumbKey, SIGNED_URL_TTL.upload) : null;
      const own = jobs.filter((j) => j.targetImageId !== null && rootOf.get(j.targetImageId) === u.id);
      const done = own.filter((j) => j.status === 'completed' && j.resultImageId && byId.has(j.resultImageId) && j.processedImageUrl);
      const versions = await Promise.all(done.map((j) => presentVersion(deps, u, j, byId.get(j.resultImageId!)!)));
      const active = [...own].reverse().find((j) => j.status === 'processing' || j.status === 'pending');
      return {
        id: u.id,
        name: u.originalName ?? 'image',
        width: u.width,
        height: u.height,
        format: u.format,
        bytes: u.bytes,
        created_at: u.createdAt.toISOString(),
        url: signed.url,
        urlExpiresAt: signed.expiresAt.toISOString(),
        thumbnailUrl: thumb?.url ?? null,
        enhanced: versions.at(-1) ?? null,
        versions,
        activeJob: active ? await presentJob(deps, toJobDto(active)) : null,
      };
    }),
  );
}
