import { apiRequest } from '@web/lib/api-client';
import type { SuccessMessage } from '@shared/api/common';
import type { AdminApiKeysResponse, ApiKeyDto, ApiKeysResponse, CreateApiKeyRequest, CreateApiKeyResponse } from '@shared/api/api-keys';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;
export const ADMIN_API_KEYS_QUERY_KEY = ['admin', 'api-keys'] as const;

/** The profile's API tab and the admin panel's API keys section. */
export const apiKeysApi = {
  list: () => apiRequest<ApiKeysResponse>('GET', '/api/api-keys'),
  create: (input: CreateApiKeyRequest) => apiRequest<CreateApiKeyResponse>('POST', '/api/api-keys', input),
  revoke: (id: string) => apiRequest<SuccessMessage>('DELETE', `/api/api-keys/${id}`),
  adminList: () => apiRequest<AdminApiKeysResponse>('GET', '/api/admin/api-keys'),
  adminRevoke: (id: string) => apiRequest<ApiKeyDto>('DELETE', `/api/admin/api-keys/${id}`),
};
