/** The workspace's calls to the API. Errors arrive as { error: { code, message } } with the seed's text. */
import { msg } from '../../../../shared/messages';
import type { EnhancementMode, UpscaleFactor } from '../../../../shared/enhancement';
import type { ImageDto, JobDto, ProfileDto, UploadResultDto } from './types';
import type { JobQueueDto } from '../../../../shared/jobs';
import { ApiError, apiRequest as request } from '../../../lib/api-client';

export { ApiError };

export const workspaceApi = {
  me: () => request<{ user: { id: string; email: string; name?: string | null }; profile: ProfileDto | null }>('GET', '/api/me'),
  images: () => request<{ images: ImageDto[] }>('GET', '/api/images'),
  deleteImage: (id: string) => request<void>('DELETE', `/api/images/${encodeURIComponent(id)}`),

  /** One file per request, so three requests run side by side and each file fails alone. */
  async upload(file: File): Promise<UploadResultDto> {
    const form = new FormData();
    form.append('files', file, file.name);
    try {
      const res = await request<{ results: UploadResultDto[] }>('POST', '/api/uploads', form);
      return res.results[0] ?? { status: 'rejected', name: file.name, error: { code: 'EMPTY', message: msg('uploadFailed') } };
    } catch (err) {
      const details = err instanceof ApiError ? (err.details as { results?: UploadResultDto[] } | undefined) : undefined;
      const one = details?.results?.[0];
      if (one) return one;
      return { status: 'rejected', name: file.name, error: { code: err instanceof ApiError ? err.code : 'NETWORK', message: err instanceof ApiError && err.status !== 0 ? err.message : msg('uploadFailed') } };
    }
  },

  createJob: (body: { imageId: string; scale: UpscaleFactor; mode: EnhancementMode; params?: Record<string, number> }) =>
    request<{ job: JobDto; credits_remaining: number }>('POST', '/api/jobs', body),
  cancelJob: (id: string) =>
    request<{ success: boolean; cancelled_early: boolean; message: string; job: JobDto; credits_remaining: number }>('POST', `/api/jobs/${encodeURIComponent(id)}/cancel`),
  jobs: (ids: string[]) => request<{ jobs: JobDto[] }>('GET', `/api/jobs?ids=${ids.map(encodeURIComponent).join(',')}`),
  queue: () => request<JobQueueDto>('GET', '/api/jobs/queue'),
  activeJobs: () => request<{ jobs: JobDto[] }>('GET', '/api/jobs/active'),

  signUrls: (urls: { bucket: string; filePath: string; expiresIn?: number }[]) =>
    request<{ successful: { bucket: string; filePath: string; signedUrl: string; expiresAt: string | null }[]; failed: unknown[] }>('POST', '/api/signed-urls/batch', { urls }),
};
