import type { Deps } from '@server/deps.js';
import { isSafeKey } from '@server/ports/storage.js';
import { AppError, notFound } from '@server/errors.js';
import { resolveBucket, type Bucket } from '@shared/url-checks.js';
import { SIGNED_URL_MAX_TTL, SIGNED_URL_MIN_TTL, SIGNED_URL_TTL } from '@shared/limits.js';
import { storageMessages } from '@shared/storage-messages.js';
import { ownerOfKey } from './paths.js';

export interface SignRequest {
  /** A bucket or one of its aliases (enhanced, originals, processed). */
  bucket: string;
  filePath: string;
  /** Seconds; default 3600 (seed 001 §9). */
  expiresIn?: number;
}

export interface SignedFile {
  bucket: Bucket;
  filePath: string;
  signedUrl: string;
  /** ISO time: every bucket's URLs expire, results included. */
  expiresAt: string;
}

/** A missing file and another user's file answer alike, so ids and names of other users cannot be probed. */
const notFoundFile = () => notFound(storageMessages.fileNotFound);

/** The URL of a file, for its owner only (seed 001 §7.5 get-signed-url). */
export async function signFileUrl(deps: Pick<Deps, 'storage'>, userId: string, req: SignRequest): Promise<SignedFile> {
  const bucket = resolveBucket(req.bucket);
  const filePath = req.filePath.replace(/^\/+/, '');
  if (!bucket) throw notFoundFile();
  if (!isSafeKey(filePath) || ownerOfKey(filePath) !== userId) throw notFoundFile();
  const expiresIn = req.expiresIn ?? SIGNED_URL_TTL.default;
  if (!Number.isInteger(expiresIn) || expiresIn < SIGNED_URL_MIN_TTL || expiresIn > SIGNED_URL_MAX_TTL) {
    throw new AppError('INVALID_EXPIRY', 400, `expiresIn must be a whole number of seconds from ${SIGNED_URL_MIN_TTL} to ${SIGNED_URL_MAX_TTL}`);
  }
  if (!(await deps.storage.head(bucket, filePath))) throw notFoundFile();
  // seed 001 §7.4 built an unsigned URL for enhanced-images; results are private here, signed like every other file
  const signed = await deps.storage.signUrl(bucket, filePath, expiresIn);
  return { bucket, filePath, signedUrl: signed.url, expiresAt: signed.expiresAt.toISOString() };
}

const BATCH_CONCURRENCY = 16;

export interface BatchSignResult {
  successful: SignedFile[];
  failed: { bucket: string; filePath: string; error: string }[];
}

/** seed 001 §7.5 batch-signed-urls: each entry signed on its own; failures are listed, not fatal. */
export async function signFileUrls(deps: Pick<Deps, 'storage'>, userId: string, reqs: SignRequest[]): Promise<BatchSignResult> {
  // each entry costs a HEAD against the store; a few at a time keeps a 200-entry batch from flooding S3
  const settled: PromiseSettledResult<SignedFile>[] = [];
  for (let i = 0; i < reqs.length; i += BATCH_CONCURRENCY) {
    settled.push(...(await Promise.allSettled(reqs.slice(i, i + BATCH_CONCURRENCY).map((r) => signFileUrl(deps, userId, r)))));
  }
  const out: BatchSignResult = { successful: [], failed: [] };
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') out.successful.push(s.value);
    else out.failed.push({ bucket: reqs[i].bucket, filePath: reqs[i].filePath, error: s.reason instanceof AppError ? s.reason.message : 'Signing failed' });
  });
  return out;
}
