/** Calls to the trash API (src/server/routes/trash.ts). */
import type { TrashResponse } from '@shared/api/trash';
import { apiRequest } from '@web/lib/api-client';

const at = (id: string) => `/api/trash/${encodeURIComponent(id)}`;

export const trashApi = {
  list: () => apiRequest<TrashResponse>('GET', '/api/trash').then((r) => r.items),
  restore: (id: string) => apiRequest<void>('POST', `${at(id)}/restore`),
  deleteForever: (id: string) => apiRequest<void>('DELETE', at(id)),
};
