import type { Deps } from '@server/deps.js';
import { parseStorageUrl } from '@shared/url-checks.js';
import { SIGNED_URL_TTL } from '@shared/limits.js';
import { thumbnailKeyFor } from '../storage/paths.js';
import type { JobDto } from './job-dto.js';

/**
 * The address of a result's canvas preview (stored beside it by the worker), or null when it has none: results
 * stored before previews existed are shown at full size.
 */
async function resultPreviewUrl(deps: Pick<Deps, 'storage'>, processedRef: string | null): Promise<string | null> {
  const parsed = processedRef ? parseStorageUrl(processedRef) : undefined;
  if (!parsed) return null;
  const key = thumbnailKeyFor(parsed.filePath);
  if (!(await deps.storage.head(parsed.bucket, key))) return null;
  return (await deps.storage.signUrl(parsed.bucket, key, SIGNED_URL_TTL.processedResult)).url;
}

/**
 * A job for the client: its result, kept as a storage path, gets a signed URL valid 28800 s (seed 001 §7.4), made
 * when the job is shown, so no address that works for ever is ever handed out. Rows written while results were public
 * hold an unsigned files-route address; it names the same file and is signed the same way.
 */
export async function presentJob(deps: Pick<Deps, 'storage'>, job: JobDto): Promise<JobDto> {
  const ref = job.processed_image_url;
  if (!ref) return job;
  const preview_url = job.status === 'completed' ? await resultPreviewUrl(deps, ref) : null;
  const parsed = parseStorageUrl(ref);
  // an address that is not ours (none is written any more) is not a file we can sign
  if (!parsed) return { ...job, preview_url };
  const signed = await deps.storage.signUrl(parsed.bucket, parsed.filePath, SIGNED_URL_TTL.processedResult);
  return { ...job, processed_image_url: signed.url, preview_url };
}

export const presentJobs = (deps: Pick<Deps, 'storage'>, jobs: JobDto[]) => Promise.all(jobs.map((j) => presentJob(deps, j)));
