import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { profileRetry } from '@web/lib/retry-policy';
import type { BusinessProfileInput, ProfileUpdate } from '@shared/profile';
import type { BusinessUpdated, ProfileResponse, ProfileUpdated } from '@shared/api/profile';
import type { CreditsSummary, LedgerPage } from '@shared/api/credits';

export type { ProfileDto } from '@shared/api/profile';

export const PROFILE_QUERY_KEY = ['profile'] as const;
const CREDITS_QUERY_KEY = ['credits'] as const;

export const profileApi = {
  get: () => apiRequest<ProfileResponse>('GET', '/api/profile'),
  updateName: (input: ProfileUpdate) => apiRequest<ProfileUpdated>('PATCH', '/api/profile', input),
  saveBusiness: (input: BusinessProfileInput) => apiRequest<BusinessUpdated>('PUT', '/api/profile/business', input),
  credits: () => apiRequest<CreditsSummary>('GET', '/api/credits'),
  ledger: (page: number) => apiRequest<LedgerPage>('GET', `/api/credits/ledger?page=${page}`),
};

/** seed 001 §7.7: a failed profile fetch (other than not-found) is retried up to 2 times, 1 s apart. */
export const useProfile = () => useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: profileApi.get, staleTime: 10_000, ...profileRetry });
export const useCredits = () => useQuery({ queryKey: CREDITS_QUERY_KEY, queryFn: profileApi.credits, staleTime: 10_000 });
