/** Stored files (/api/files/{bucket}/{key}): the signature a private file's URL carries. */
import { z } from 'zod';

export const FileQuery = z.object({
  /** Expiry of a signed URL, in seconds since the epoch. */
  exp: z.string().optional(),
  /** The server's HMAC over bucket, key and expiry. */
  sig: z.string().optional(),
});
