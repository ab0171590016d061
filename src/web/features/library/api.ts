/** Calls to the library API (src/server/routes/library.ts). */
import type { LibraryResponse } from '@shared/api/library';
import type { WorkspaceImage } from '@shared/api/images';
import type { LibraryStatus } from '@shared/library';
import { apiRequest } from '@web/lib/api-client';

/** The list's filters as the panel holds them; dates are instants (a picked day's local midnight, and the next one). */
export interface LibraryFilters {
  q: string;
  from: string | null;
  to: string | null;
  session: string | null;
  status: LibraryStatus | null;
}

export const noFilters: LibraryFilters = { q: '', from: null, to: null, session: null, status: null };

export function libraryPath(filters: LibraryFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.session) params.set('session', filters.session);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/library?${query}` : '/api/library';
}

export const libraryApi = {
  page: (filters: LibraryFilters, cursor: string | null) => apiRequest<LibraryResponse>('GET', libraryPath(filters, cursor)),
  /** One upload as a workspace card: every version, a running job, fresh signed URLs. */
  card: (id: string) => apiRequest<WorkspaceImage>('GET', `/api/library/${encodeURIComponent(id)}`),
};
