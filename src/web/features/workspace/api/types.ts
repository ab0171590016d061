/**
 * Shapes of the API answers the workspace reads. The web app imports nothing from the server, so these mirror
 * src/server/services/jobs/job-dto.ts and the images route; keep them in step.
 */
import type { EnhancementMode } from '../../../../shared/enhancement';

export type { JobDto, JobStatus } from '../../../../shared/jobs';
import type { JobDto } from '../../../../shared/jobs';

export interface EnhancedDto {
  jobId: string;
  url: string;
  /** Scaled-down result for the canvas; null for results stored before previews existed. */
  previewUrl?: string | null;
  width: number;
  height: number;
  scale: number | null;
  mode: EnhancementMode | string | null;
  completed_at?: string | null;
  /** The stored result (a removal on this version targets it). */
  imageId?: string | null;
  workflow?: 'enhance' | 'remove';
}

export interface ImageDto {
  id: string;
  name: string;
  width: number;
  height: number;
  format?: string;
  bytes?: number;
  created_at?: string;
  url: string;
  thumbnailUrl?: string | null;
  enhanced: EnhancedDto | null;
  /** Every result of the upload, oldest first; the last is `enhanced`. */
  versions?: EnhancedDto[];
  activeJob: JobDto | null;
}

export type { AcceptedUpload as AcceptedUploadDto, UploadResultDto } from '../../../../shared/storage-api';

export interface ProfileDto {
  credits_remaining: number;
  subscription_status: string | null;
  beta_access: boolean;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}
