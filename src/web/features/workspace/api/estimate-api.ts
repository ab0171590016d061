/** POST /api/jobs/estimate: the selection's cost and time before pressing. */
import type { EstimateJobsRequest, EstimateJobsResponse } from '@shared/api/estimates';
import { apiRequest as request } from '@web/lib/api-client';

export const estimateApi = {
  estimate: (body: EstimateJobsRequest) => request<EstimateJobsResponse>('POST', '/api/jobs/estimate', body),
};
