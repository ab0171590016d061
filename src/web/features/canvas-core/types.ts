/** Shapes of the API answers the workspace, its sessions and the remove tool read, from the API's own schemas (src/shared/api). */
import type { ImageVersion, WorkspaceImage } from '@shared/api/images';
import type { ProfileDto as FullProfile } from '@shared/api/profile';

export type { JobDto, JobStatus } from '@shared/api/jobs';
export type { AcceptedUpload as AcceptedUploadDto, UploadResultDto } from '@shared/api/uploads';

/** Fields a result stored before they existed may lack. */
type Loose<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type EnhancedDto = Loose<ImageVersion, 'previewUrl' | 'completed_at' | 'imageId' | 'workflow'>;

export type ImageDto = Loose<Omit<WorkspaceImage, 'enhanced' | 'versions'>, 'format' | 'bytes' | 'created_at' | 'urlExpiresAt' | 'thumbnailUrl'> & {
  enhanced: EnhancedDto | null;
  /** Every result of the upload, oldest first; the last is `enhanced`. */
  versions?: EnhancedDto[];
};

/** The part of the profile the workspace reads (credits and plan, the name for the greeting). */
export type ProfileDto = Pick<FullProfile, 'credits_remaining' | 'subscription_status' | 'beta_access'> &
  Partial<Pick<FullProfile, 'first_name' | 'last_name' | 'email'>>;
