import { z } from 'zod';
import { SIGNED_URL_BATCH_MAX, SIGNED_URL_MAX_TTL, SIGNED_URL_MIN_TTL } from './limits.js';

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

export interface SignedUrlResponse {
  bucket: string;
  filePath: string;
  signedUrl: string;
  /** ISO time; null for the public bucket. */
  expiresAt: string | null;
}

export interface BatchSignedUrlsResponse {
  successful: SignedUrlResponse[];
  failed: { bucket: string; filePath: string; error: string }[];
}

/** A stored upload in POST /api/uploads' answer. */
export interface AcceptedUpload {
  status: 'accepted';
  name: string;
  id: string;
  bucket: 'user-images';
  filePath: string;
  /** Signed for 86400 s (seed 001 §7.4). */
  url: string;
  expiresAt: string;
  thumbnailPath: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
}
export interface RejectedUpload {
  status: 'rejected';
  name: string;
  error: { code: string; message: string };
}
/** .DS_Store and Thumbs.db: skipped without counting as a failure (seed 000 §5). */
export interface IgnoredUpload {
  status: 'ignored';
  name: string;
}
/** One file's outcome in POST /api/uploads. */
export type UploadResultDto = AcceptedUpload | RejectedUpload | IgnoredUpload;

export interface UploadResponse {
  results: UploadResultDto[];
  accepted: number;
  rejected: number;
  ignored: number;
}
