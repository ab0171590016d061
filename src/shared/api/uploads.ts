/** Uploads (/api/uploads) and fresh URLs for stored files (/api/signed-urls). */
import { z } from 'zod';
import { SIGNED_URL_BATCH_MAX, SIGNED_URL_MAX_TTL, SIGNED_URL_MIN_TTL } from '../limits.js';
import { IsoDateTime } from './common.js';

/** POST /api/uploads: multipart/form-data with one or more image files under any field name. */
export const UploadForm = z.object({ files: z.array(z.file()) });

/** A stored upload in POST /api/uploads' answer. */
export const AcceptedUpload = z
  .strictObject({
    status: z.literal('accepted'),
    name: z.string(),
    id: z.string(),
    bucket: z.literal('user-images'),
    filePath: z.string(),
    /** Signed for 86400 s (seed 001 §7.4). */
    url: z.string(),
    expiresAt: IsoDateTime,
    thumbnailPath: z.string(),
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.string(),
    bytes: z.number().int(),
  })
  .meta({ id: 'AcceptedUpload' });
export type AcceptedUpload = z.infer<typeof AcceptedUpload>;

export const RejectedUpload = z
  .strictObject({ status: z.literal('rejected'), name: z.string(), error: z.strictObject({ code: z.string(), message: z.string() }) })
  .meta({ id: 'RejectedUpload' });
export type RejectedUpload = z.infer<typeof RejectedUpload>;

/** .DS_Store and Thumbs.db: skipped without counting as a failure (seed 000 §5). */
export const IgnoredUpload = z.strictObject({ status: z.literal('ignored'), name: z.string() }).meta({ id: 'IgnoredUpload' });
export type IgnoredUpload = z.infer<typeof IgnoredUpload>;

/** One file's outcome in POST /api/uploads. */
export const UploadResultDto = z.discriminatedUnion('status', [AcceptedUpload, RejectedUpload, IgnoredUpload]);
export type UploadResultDto = z.infer<typeof UploadResultDto>;

export const UploadResponse = z.strictObject({
  results: z.array(UploadResultDto),
  accepted: z.number().int(),
  rejected: z.number().int(),
  ignored: z.number().int(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/** POST /api/signed-urls (seed 001 §7.5 get-signed-url). */
export const SignUrlRequest = z.object({
  bucket: z.string().min(1).max(64),
  filePath: z.string().min(1).max(1024),
  expiresIn: z.number().int().min(SIGNED_URL_MIN_TTL).max(SIGNED_URL_MAX_TTL).optional(),
});
export type SignUrlRequest = z.infer<typeof SignUrlRequest>;

/** POST /api/signed-urls/batch (seed 001 §7.5 batch-signed-urls). */
export const BatchSignUrlsRequest = z.object({
  urls: z.array(SignUrlRequest).min(1).max(SIGNED_URL_BATCH_MAX),
});
export type BatchSignUrlsRequest = z.infer<typeof BatchSignUrlsRequest>;

export const SignedUrlResponse = z
  .strictObject({
    bucket: z.string(),
    filePath: z.string(),
    signedUrl: z.string(),
    /** ISO time: every file's URL expires, results included. */
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'SignedUrlResponse' });
export type SignedUrlResponse = z.infer<typeof SignedUrlResponse>;

export const BatchSignedUrlsResponse = z.strictObject({
  successful: z.array(SignedUrlResponse),
  failed: z.array(z.strictObject({ bucket: z.string(), filePath: z.string(), error: z.string() })),
});
export type BatchSignedUrlsResponse = z.infer<typeof BatchSignedUrlsResponse>;
