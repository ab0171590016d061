/** The library's list: pages by cursor, refetched when the live channel says uploads, results or the trash changed. */
import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { subscribeLive } from '@web/lib/live-events';
import { libraryApi, type LibraryFilters } from './api';

export const LIBRARY_KEY = ['library'] as const;

/** Job statuses after which an upload's line in the library reads differently. */
const CHANGES_STATUS = new Set(['completed', 'failed', 'cancelled']);

export function useLibraryList(filters: LibraryFilters) {
  return useInfiniteQuery({
    queryKey: [...LIBRARY_KEY, filters],
    queryFn: ({ pageParam }) => libraryApi.page(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // asked afresh each time the view opens: uploads arrive from other devices meanwhile
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * Keeps every open library current: an upload made on any device (`uploads`), a trashed or restored one (`images`),
 * a job that started or ended (`job`), and whatever a lost connection missed (`resync`).
 */
export function useLibraryLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const seenJobs = new Set<string>();
    const refetch = () => void client.invalidateQueries({ queryKey: LIBRARY_KEY });
    const offs = [
      subscribeLive('uploads', refetch),
      subscribeLive('images', refetch),
      subscribeLive('resync', refetch),
      subscribeLive('job', (data) => {
        const job = data as { id?: unknown; status?: unknown } | null;
        if (!job || typeof job.id !== 'string') return;
        // progress events are many: only a job's first news and its end change the list
        const first = !seenJobs.has(job.id);
        seenJobs.add(job.id);
        if (first || CHANGES_STATUS.has(String(job.status))) refetch();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
}
