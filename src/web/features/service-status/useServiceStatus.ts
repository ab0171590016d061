import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { subscribeLive } from '@web/lib/live-events';
import { SERVICE_STATUS_EVENT } from '@shared/service-status';
import type { ServiceStatus } from '@shared/api/admin';

export const SERVICE_STATUS_QUERY_KEY = ['service-status'] as const;

/** The banner's setting (seed 001 §7.2), kept current by the live channel (seed 001 §7.3) without a reload. */
export function useServiceStatus() {
  const client = useQueryClient();
  useEffect(() => {
    const offStatus = subscribeLive(SERVICE_STATUS_EVENT, (data) => {
      if (data && typeof data === 'object') client.setQueryData(SERVICE_STATUS_QUERY_KEY, data as ServiceStatus);
    });
    const offResync = subscribeLive('resync', () => void client.invalidateQueries({ queryKey: SERVICE_STATUS_QUERY_KEY }));
    return () => {
      offStatus();
      offResync();
    };
  }, [client]);
  return useQuery({
    queryKey: SERVICE_STATUS_QUERY_KEY,
    queryFn: async () => (await apiRequest<{ status: ServiceStatus }>('GET', '/api/service-status')).status,
    staleTime: 60_000,
    retry: 1,
  });
}
