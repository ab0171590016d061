import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { BusinessProfile, BusinessProfileInput, CreditsSummary, LedgerEntry, ProfileUpdate } from '../../../shared/profile';
import type { Page } from '../../../shared/pagination';

export interface ProfileDto {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  credits_remaining: number;
  beta_access: boolean;
  subscription_status: string;
  is_business: boolean;
  company_name: string | null;
  vat_id: string | null;
  created_at: string;
  avatar_url: string | null;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;
export const CREDITS_QUERY_KEY = ['credits'] as const;

export const profileApi = {
  get: () => apiRequest<{ profile: ProfileDto; business: BusinessProfile | null }>('GET', '/api/profile'),
  updateName: (input: ProfileUpdate) => apiRequest<{ profile: ProfileDto; message: string }>('PATCH', '/api/profile', input),
  saveBusiness: (input: BusinessProfileInput) => apiRequest<{ business: BusinessProfile; message: string }>('PUT', '/api/profile/business', input),
  credits: () => apiRequest<CreditsSummary>('GET', '/api/credits'),
  ledger: (page: number) => apiRequest<Page<LedgerEntry>>('GET', `/api/credits/ledger?page=${page}`),
};

export const useProfile = () => useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: profileApi.get, staleTime: 10_000 });
export const useCredits = () => useQuery({ queryKey: CREDITS_QUERY_KEY, queryFn: profileApi.credits, staleTime: 10_000 });
