import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './env.js';
import { AppError } from '../errors.js';
import { fill, msg } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import { MASK_MAX_BYTES } from '@shared/limits.js';
import { isFillSeed } from '@shared/removal.js';
import { seedInvalidMessage } from '../services/jobs/another-fill.js';
import { MultipartRefused, spoolMultipartFiles } from './multipart-files.js';

export interface RemovalForm {
  imageId: string;
  mask: Buffer;
  sourceVersionId?: string;
  /** The fill's seed (shared/removal.ts); absent: the engine's default. */
  seed?: number;
}

/**
 * A removal's multipart form: the image's id (`targetImageId` or `imageId`), one PNG mask (`maskImage` or `mask`,
 * at most MASK_MAX_BYTES, streamed and bounded while it arrives), optionally the version to remove from and the fill's
 * `seed`. Used by
 * the web app's /api/jobs/remove and the public API's /api/v1/removals alike.
 */
export async function readRemovalForm<E extends AppEnv>(c: Context<E>): Promise<RemovalForm> {
  const spooled = await spoolMultipartFiles(c.req.raw, {
    counts: () => true,
    maxFiles: 1,
    maxFileBytes: MASK_MAX_BYTES,
    tmpDir: c.var.deps.config.paths.tmp,
  }).catch((err: unknown) => {
    if (!(err instanceof MultipartRefused)) throw err;
    throw new AppError('BAD_REQUEST', 400, msg('maskNoneHint'));
  });
  let mask: Buffer;
  let imageId: string | undefined;
  try {
    imageId = spooled.fields.targetImageId ?? spooled.fields.imageId;
    const file = spooled.files.find((f) => f.field === 'maskImage' || f.field === 'mask');
    if (typeof imageId !== 'string' || !z.string().uuid().safeParse(imageId).success) throw new AppError('NO_IMAGE', 400, msg('removeNoImage'));
    if (!file || file.size === 0) throw new AppError('MASK_EMPTY', 400, msg('maskNoneHint'));
    if (file.tooLarge) throw new AppError('MASK_TOO_BIG', 413, fill(storageMessages.maskTooLarge, { n: MASK_MAX_BYTES / 1024 / 1024 }));
    mask = await file.read();
  } finally {
    spooled.cleanup();
  }
  const sourceVersionId = spooled.fields.sourceVersionId || undefined;
  if (sourceVersionId !== undefined && !z.string().uuid().safeParse(sourceVersionId).success)
    throw new AppError('VERSION_NOT_FOUND', 400, msg('versionNotFound'));
  const seedField = spooled.fields.seed;
  const seed = seedField === undefined || seedField === '' ? undefined : /^\d{1,10}$/.test(seedField) ? Number(seedField) : NaN;
  if (seed !== undefined && !isFillSeed(seed)) throw new AppError('SEED_INVALID', 400, seedInvalidMessage());
  return { imageId, mask, sourceVersionId, seed };
}
