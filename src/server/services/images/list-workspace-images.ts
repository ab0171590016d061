import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { imageJobs, images } from '../../db/schema.js';
import { SIGNED_URL_TTL } from '../../../shared/limits.js';
import { thumbnailKeyFor } from '../storage/paths.js';
import { toJobDto, type JobDto } from '../jobs/job-dto.js';
import { presentJob, resultPreviewUrl } from '../jobs/present-job.js';
import type { Bucket } from '../../../shared/url-checks.js';

export interface WorkspaceImage {
  id: string;
  name: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  created_at: string;
  url: string;
  urlExpiresAt: string;
  thumbnailUrl: string | null;
  enhanced: {
    jobId: string;
    url: string;
    /** Scaled-down result for the canvas; null for results stored before previews existed. */
    previewUrl: string | null;
    width: number;
    height: number;
    scale: number | null;
    mode: string | null;
    completed_at: string;
  } | null;
  activeJob: JobDto | null;
}

/**
 * The user's uploads with their latest enhancement and any job still running on them: what the workspace shows
 * after a reload ('Loading your images...', 'Fetching your completed enhancements'). Three queries whatever the count.
 */
export async function listWorkspaceImages(deps: Pick<Deps, 'db' | 'storage'>, userId: string): Promise<WorkspaceImage[]> {
  const uploads = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.userId, userId), eq(images.bucket, 'user-images'), isNull(images.sourceImageId)))
    .orderBy(desc(images.createdAt))
    .limit(500);
  if (uploads.length === 0) return [];
  const ids = uploads.map((u) => u.id);
  const jobs = await deps.db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.userId, userId), inArray(imageJobs.targetImageId, ids), inArray(imageJobs.status, ['completed', 'processing', 'pending'])))
    .orderBy(desc(imageJobs.updatedAt));
  const resultIds = jobs.filter((j) => j.status === 'completed' && j.workflowType === 'enhance' && j.resultImageId).map((j) => j.resultImageId!);
  const results = resultIds.length ? await deps.db.select().from(images).where(inArray(images.id, resultIds)) : [];
  const resultById = new Map(results.map((r) => [r.id, r]));

  return Promise.all(
    uploads.map(async (u) => {
      const bucket = u.bucket as Bucket;
      const signed = await deps.storage.signUrl(bucket, u.path, SIGNED_URL_TTL.upload);
      const thumbKey = thumbnailKeyFor(u.path);
      const thumb = (await deps.storage.head(bucket, thumbKey)) ? await deps.storage.signUrl(bucket, thumbKey, SIGNED_URL_TTL.upload) : null;
      const latest = jobs.find((j) => j.targetImageId === u.id && j.status === 'completed' && j.workflowType === 'enhance' && j.resultImageId && resultById.has(j.resultImageId));
      const active = jobs.find((j) => j.targetImageId === u.id && (j.status === 'processing' || j.status === 'pending'));
      const result = latest ? resultById.get(latest.resultImageId!)! : undefined;
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
        enhanced:
          latest && result
            ? {
                jobId: latest.id,
                url: latest.processedImageUrl!,
                previewUrl: await resultPreviewUrl(deps, latest.processedImageUrl),
                width: result.width,
                height: result.height,
                scale: latest.scale,
                mode: latest.mode,
                completed_at: (latest.finishedAt ?? latest.updatedAt).toISOString(),
              }
            : null,
        activeJob: active ? await presentJob(deps, toJobDto(active)) : null,
      };
    }),
  );
}
