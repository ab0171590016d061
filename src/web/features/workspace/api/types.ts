/**
 * Shapes of the API answers the workspace reads. The web app imports nothing from the server, so these mirror
 * src/server/services/jobs/job-dto.ts and the images route; keep them in step.
 */
import type { EnhancementMode } from '../../../../shared/enhancement';

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

export interface JobDto {
  id: string;
  status: JobStatus;
  workflow_type: 'enhance' | 'remove';
  target_image_id: string | null;
  result_image_id?: string | null;
  processed_image_url: string | null;
  credits_used: number;
  credit_state?: string;
  scale: number | null;
  mode: string | null;
  progress: number;
  eta_ms: number | null;
  error_message: string | null;
  queued?: boolean;
  started_at?: string | null;
  created_at: string;
  updated_at?: string;
}

export interface EnhancedDto {
  jobId: string;
  url: string;
  width: number;
  height: number;
  scale: number | null;
  mode: EnhancementMode | string | null;
  completed_at?: string | null;
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
  activeJob: JobDto | null;
}

export interface AcceptedUploadDto {
  status: 'accepted';
  name: string;
  id: string;
  url: string;
  expiresAt?: string;
  thumbnailUrl?: string;
  width: number;
  height: number;
  format?: string;
  bytes?: number;
}

export type UploadResultDto =
  | AcceptedUploadDto
  | { status: 'rejected'; name: string; error: { code: string; message: string } }
  | { status: 'ignored'; name: string };

export interface ProfileDto {
  credits_remaining: number;
  subscription_status: string | null;
  beta_access: boolean;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}
