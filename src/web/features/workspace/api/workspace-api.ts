/** The workspace's calls to the API. Errors arrive as { error: { code, message } } with the seed's text. */
import type { TargetSize } from '@shared/target-size';
import { msg } from '@shared/messages';
import type { EnhancementMode, UpscaleFactor } from '@shared/enhancement';
import type { UploadResultDto } from '@web/features/canvas-core/types';
import type { CancelJobResponse, CreateJobResponse, DeleteVersionResponse, JobQueueDto, JobsResponse } from '@shared/api/jobs';
import type { ImagesResponse } from '@shared/api/images';
import type { MeResponse } from '@shared/api/profile';
import type { UploadResponse, BatchSignedUrlsResponse } from '@shared/api/uploads';
import { ApiError, apiRequest as request } from '@web/lib/api-client';

export { ApiError };

export const workspaceApi = {
  me: () => request<MeResponse>('GET', '/api/me'),
  images: () => request<ImagesResponse>('GET', '/api/images'),
  deleteImage: (id: string) => request<void>('DELETE', `/api/images/${encodeURIComponent(id)}`),

  /** One file per request, so three requests run side by side and each file fails alone. */
  async upload(file: File): Promise<UploadResultDto> {
    const form = new FormData();
    form.append('files', file, file.name);
    try {
      const res = await request<UploadResponse>('POST', '/api/uploads', form);
      return res.results[0] ?? { status: 'rejected', name: file.name, error: { code: 'EMPTY', message: msg('uploadFailed') } };
    } catch (err) {
      const details = err instanceof ApiError ? (err.details as { results?: UploadResultDto[] } | undefined) : undefined;
      const one = details?.results?.[0];
      if (one) return one;
      return {
        status: 'rejected',
        name: file.name,
        error: {
          code: err instanceof ApiError ? err.code : 'NETWORK',
          message: err instanceof ApiError && err.status !== 0 ? err.message : msg('uploadFailed'),
        },
      };
    }
  },

  createJob: (
    body: { imageId: string; mode: EnhancementMode; params?: Record<string, number>; sourceVersionId?: string } & (
      { scale: UpscaleFactor } | { targetSize: TargetSize }
    ),
  ) => request<CreateJobResponse>('POST', '/api/jobs', body),
  cancelJob: (id: string) => request<CancelJobResponse>('POST', `/api/jobs/${encodeURIComponent(id)}/cancel`),
  deleteVersion: (jobId: string) => request<DeleteVersionResponse>('DELETE', `/api/jobs/${encodeURIComponent(jobId)}/result`),
  jobs: (ids: string[]) => request<JobsResponse>('GET', `/api/jobs?ids=${ids.map(encodeURIComponent).join(',')}`),
  queue: () => request<JobQueueDto>('GET', '/api/jobs/queue'),
  activeJobs: () => request<JobsResponse>('GET', '/api/jobs/active'),

  signUrls: (urls: { bucket: string; filePath: string; expiresIn?: number }[]) => request<BatchSignedUrlsResponse>('POST', '/api/signed-urls/batch', { urls }),
};
