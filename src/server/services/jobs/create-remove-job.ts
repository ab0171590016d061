import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import { imageJobs, images, profiles } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { REMOVAL_CREDIT_COST } from '@shared/credit-cost.js';
import { MAX_MASK_SHARE, maskTooLargeMessage } from '@shared/removal.js';
import { reserveCredits } from '../credits/ledger.js';
import { type JobDto, toJobDto } from './job-dto.js';
import { sweepStaleJobs } from './job-lifecycle.js';
import { enqueueJob } from './enqueue-job.js';
import { queuePriority } from './job-rules.js';
import { publishCredits, publishJob } from './job-events.js';
import type { ImageProcessing } from '@server/ports/image-processing.js';
import { resolveInputVersion } from './input-version.js';

export interface RemoveRequest {
  imageId: string;
  /** PNG at the image's own resolution: painted pixels are opaque and bright (white strokes). */
  mask: Buffer;
  /** A completed job of this image to remove from (the mask at its result's size); absent: the image named. */
  sourceVersionId?: string;
  /** The fill's seed (shared/removal.ts); absent: the engine's default. */
  seed?: number;
  /** Try another fill: the completed removal this one is another candidate of (a fill the same as its result is not kept nor charged). */
  anotherFillOf?: string;
}

/**
 * Reads the client's mask into a single-channel PNG of how much each pixel is painted (a feathered edge keeps its
 * grey): a pixel counts as painted when it is at least half opaque and at least half bright, which covers white
 * strokes on black and on transparent backgrounds.
 */
async function normaliseMask(imaging: ImageProcessing, mask: Buffer, width: number, height: number): Promise<{ png: Buffer; painted: number }> {
  const meta = await imaging.probe(mask);
  if (!meta || meta.format !== 'png') throw new AppError('MASK_INVALID', 400, msg('maskApplyFailed'));
  if (meta.width !== width || meta.height !== height) {
    throw new AppError('MASK_SIZE', 400, `The mask is ${meta.width}×${meta.height} but the image is ${width}×${height}. Please paint the mask again.`);
  }
  return imaging.paintedMask(mask, width, height);
}

/**
 * Submits an object removal: a mask with painted pixels, one removal at a time per user (seed 001 §5), one credit.
 * The mask is stored first so the worker reads exactly what was checked.
 */
export async function createRemoveJob(
  deps: Pick<Deps, 'db' | 'queue' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'imaging'>,
  user: SessionUser,
  req: RemoveRequest,
): Promise<{ job: JobDto; credits_remaining: number }> {
  const { image, parentJobId } = await resolveInputVersion(deps.db, user.id, req, msg('removeNoImage'));
  const { png, painted } = await normaliseMask(deps.imaging, req.mask, image.width, image.height);
  if (painted === 0) throw new AppError('MASK_EMPTY', 400, msg('maskNoneHint'));
  if (painted / (image.width * image.height) > MAX_MASK_SHARE) {
    throw new AppError('MASK_TOO_LARGE', 400, maskTooLargeMessage(painted / (image.width * image.height)));
  }

  const jobId = randomUUID();
  const maskKey = `${user.id}/masks/${jobId}.png`;
  await deps.storage.put('processed-images', maskKey, png, { contentType: 'image/png' });
  const now = deps.clock();
  try {
    const { job, balance, priority } = await deps.db.transaction(async (tx) => {
      const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, user.id)).for('update');
      if (!profile) throw new AppError('AUTH_REQUIRED', 401, msg('enhanceAuthRequired'));
      // moved to the trash while the mask was being checked (deleting takes the same profile lock)
      const [live] = await tx
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.id, image.id), isNull(images.deletedAt)));
      if (!live) throw new AppError('IMAGE_NOT_FOUND', 404, msg('removeNoImage'));
      await sweepStaleJobs(deps, { userId: user.id, tx });
      const [{ running }] = await tx
        .select({ running: count() })
        .from(imageJobs)
        .where(and(eq(imageJobs.userId, user.id), eq(imageJobs.workflowType, 'remove'), inArray(imageJobs.status, ['pending', 'processing'])));
      if (running > 0) throw new AppError('REMOVAL_RUNNING', 409, 'An object removal is already running. Please wait for it to finish.');
      if (profile.creditsRemaining < REMOVAL_CREDIT_COST) throw new AppError('INSUFFICIENT_CREDITS', 402, msg('enhanceInsufficientCredits'));
      await tx.insert(imageJobs).values({
        id: jobId,
        userId: user.id,
        status: 'processing',
        workflowType: 'remove',
        targetImageId: image.id,
        sourceJobId: parentJobId,
        originalImageUrl: `${image.bucket}/${image.path}`,
        params: {
          maskKey,
          ...(req.seed !== undefined && { seed: req.seed }),
          ...(req.anotherFillOf !== undefined && { anotherFillOf: req.anotherFillOf }),
        },
        createdAt: now,
        updatedAt: now,
      });
      const { balance } = await reserveCredits(tx, user.id, REMOVAL_CREDIT_COST, jobId);
      const [job] = await tx.select().from(imageJobs).where(eq(imageJobs.id, jobId));
      return { job, balance, priority: queuePriority(profile.subscriptionStatus, profile.betaAccess) };
    });
    await publishJob(deps, job);
    await publishCredits(deps, user.id, balance);
    const queueJobId = await enqueueJob(deps, job, priority);
    if (!queueJobId) throw new AppError('QUEUE_UNAVAILABLE', 503, msg('processingFailedWith', { reason: 'the processing queue is unavailable' }));
    return { job: toJobDto({ ...job, queueJobId }), credits_remaining: balance };
  } catch (err) {
    const [kept] = await deps.db.select({ id: imageJobs.id }).from(imageJobs).where(eq(imageJobs.id, jobId));
    // a refused submission leaves no mask behind
    if (!kept) await deps.storage.delete('processed-images', maskKey).catch(() => {});
    throw err;
  }
}
