import type { Deps } from '../../deps.js';
import { parseStorageUrl } from '../../../shared/url-checks.js';
import { SIGNED_URL_TTL } from '../../../shared/limits.js';
import type { JobDto } from './job-dto.js';

/**
 * A job for the client: a processed result kept as a storage path (removal results in the private bucket) gets a
 * signed URL valid 28800 s (seed 001 §7.4); public results already carry their URL.
 */
export async function presentJob(deps: Pick<Deps, 'storage'>, job: JobDto): Promise<JobDto> {
  const ref = job.processed_image_url;
  if (!ref || ref.startsWith('http') || ref.startsWith('/')) return job;
  const parsed = parseStorageUrl(ref);
  if (!parsed) return job;
  const signed = await deps.storage.signUrl(parsed.bucket, parsed.filePath, SIGNED_URL_TTL.processedResult);
  return { ...job, processed_image_url: signed.url };
}

export const presentJobs = (deps: Pick<Deps, 'storage'>, jobs: JobDto[]) => Promise.all(jobs.map((j) => presentJob(deps, j)));
