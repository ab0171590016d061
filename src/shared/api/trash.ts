/** The trash (/api/trash): deleted uploads with their versions, restorable until they are purged. */
import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { trashMessages } from '../trash.js';

export const TrashItem = z
  .strictObject({
    /** The upload's id: restore and delete forever name it. */
    id: z.string(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** The upload and every version derived from it. */
    bytes: z.number().int(),
    versions: z.number().int(),
    /** A signed URL of the upload's thumbnail (the upload itself when it has none). */
    thumbnailUrl: z.string(),
    deletedAt: IsoDateTime,
    /** When the scheduled purge deletes it for good. */
    purgeAt: IsoDateTime,
    daysLeft: z.number().int(),
  })
  .meta({ id: 'TrashItem' });
export type TrashItem = z.infer<typeof TrashItem>;

/** Newest deletion first. */
export const TrashResponse = z.strictObject({ items: z.array(TrashItem) });
export type TrashResponse = z.infer<typeof TrashResponse>;

export const TrashIdParam = z.object({ id: z.string().uuid({ message: trashMessages.notInTrash }) });
