/** The library (/api/library): every upload of the account with its results, searched, filtered and paged by cursor. */
import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { LIBRARY_PAGE_MAX, LIBRARY_PAGE_SIZE, LIBRARY_SEARCH_MAX, LIBRARY_STATUSES, libraryMessages } from '../library.js';

const Instant = z.iso.datetime({ offset: true, message: libraryMessages.badDate });

export const LibraryQuery = z
  .object({
    /** Part of the upload's name, any case. */
    q: z.string().trim().max(LIBRARY_SEARCH_MAX).optional(),
    /** Uploaded at or after this instant. */
    from: Instant.optional(),
    /** Uploaded before this instant (a day picked in a calendar ends at the next midnight). */
    to: Instant.optional(),
    /** Only the uploads this saved viewport shows. */
    session: z.string().uuid({ message: libraryMessages.sessionNotFound }).optional(),
    status: z.enum(LIBRARY_STATUSES).optional(),
    /** The previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(LIBRARY_PAGE_MAX).default(LIBRARY_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to), { message: libraryMessages.badRange, path: ['to'] });
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** One result of an upload, without its file: what the list says of it. */
export const LibraryResult = z
  .strictObject({
    jobId: z.string(),
    workflow: z.enum(['enhance', 'remove']),
    /** An enhancement's factor; null for a removal. */
    scale: z.number().int().nullable(),
    mode: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    completed_at: IsoDateTime,
  })
  .meta({ id: 'LibraryResult' });
export type LibraryResult = z.infer<typeof LibraryResult>;

export const LibraryItem = z
  .strictObject({
    /** The upload's id: GET /api/library/{id} gives it as a workspace card. */
    id: z.string(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.string(),
    bytes: z.number().int(),
    created_at: IsoDateTime,
    /** A signed URL of the upload's small WebP thumbnail; null when it has none (never the full file). */
    thumbnailUrl: z.string().nullable(),
    /** Completed results, oldest first: enhancements, and removals on the upload or on a result. */
    results: z.array(LibraryResult),
    /** The status shown: processing, else failed (its latest job failed), else enhanced, else not-enhanced. */
    status: z.enum(LIBRARY_STATUSES),
    /** A job runs on it now. */
    processing: z.boolean(),
  })
  .meta({ id: 'LibraryItem' });
export type LibraryItem = z.infer<typeof LibraryItem>;

/** Newest upload first; a page of a list paged by cursor (shared/pagination.ts): null `nextCursor` on the last. */
export const LibraryResponse = z.strictObject({ items: z.array(LibraryItem), nextCursor: z.string().nullable() }).meta({ id: 'LibraryPage' });
export type LibraryResponse = z.infer<typeof LibraryResponse>;

export const LibraryIdParam = z.object({ id: z.string().uuid({ message: libraryMessages.notFound }) });
