/** The remove tool's calls: a removal job for an image and a mask, and its progress. */
import type { CreateRemoveJobResponse, JobsResponse } from '@shared/api/jobs';
import { apiRequest as call } from '@web/lib/api-client';

export const removeApi = {
  /** seed 001 §7.5 process-image-remove: the image and a PNG mask at its own resolution. */
  submit: (targetImageId: string, mask: Blob) => {
    const form = new FormData();
    form.append('targetImageId', targetImageId);
    form.append('maskImage', mask, 'mask.png');
    return call<CreateRemoveJobResponse>('POST', '/api/jobs/remove', form);
  },
  /** 'Try another fill': the completed removal again, same version and mask, another seed. */
  anotherFill: (jobId: string) => call<CreateRemoveJobResponse>('POST', `/api/jobs/${encodeURIComponent(jobId)}/another-fill`),
  jobs: (ids: string[]) => call<JobsResponse>('GET', `/api/jobs?ids=${ids.map(encodeURIComponent).join(',')}`).then((r) => r.jobs),
};
