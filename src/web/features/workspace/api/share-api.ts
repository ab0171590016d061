/** Share links of a stored image: made, listed and revoked by its owner. */
import type { ShareLinkResponse, ShareLinksResponse } from '@shared/api/shares';
import type { ShareExpiry } from '@shared/share-links';
import { apiRequest as request } from '@web/lib/api-client';

export const shareApi = {
  list: (imageId: string) => request<ShareLinksResponse>('GET', `/api/images/${encodeURIComponent(imageId)}/shares`),
  create: (imageId: string, expiresIn: ShareExpiry) => request<ShareLinkResponse>('POST', `/api/images/${encodeURIComponent(imageId)}/shares`, { expiresIn }),
  revoke: (shareId: string) => request<void>('DELETE', `/api/shares/${encodeURIComponent(shareId)}`),
};
