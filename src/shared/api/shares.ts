/** Share links of an image (/api/images/:id/shares, /api/shares/:id) and the public file behind one (/api/shared/:token). */
import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { SHARE_EXPIRIES, SHARE_ID_PATTERN, shareMessages } from '../share-links.js';

export const CreateShareRequest = z.strictObject({
  expiresIn: z.enum(SHARE_EXPIRIES, { message: `expiresIn must be one of ${SHARE_EXPIRIES.join(', ')}` }),
});
export type CreateShareRequest = z.infer<typeof CreateShareRequest>;

export const ShareLink = z
  .strictObject({
    /** The link's secret: whoever has it can open the image until it is revoked or expires. */
    id: z.string(),
    imageId: z.string(),
    /** The public address, absolute. */
    url: z.string(),
    createdAt: IsoDateTime,
    /** null: until revoked. */
    expiresAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ShareLink>;

export const ShareLinkResponse = z.strictObject({ share: ShareLink });
export type ShareLinkResponse = z.infer<typeof ShareLinkResponse>;

/** The image's open links (revoked and expired ones are left out), newest first. */
export const ShareLinksResponse = z.strictObject({ shares: z.array(ShareLink) });
export type ShareLinksResponse = z.infer<typeof ShareLinksResponse>;

export const ShareIdParam = z.object({ id: z.string().regex(SHARE_ID_PATTERN, { message: shareMessages.linkNotFound }) });
