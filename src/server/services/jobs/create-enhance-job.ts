import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import { imageJobs, profiles } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { DEFAULT_ENHANCEMENT_PARAMS, MODE_PRESETS, STUCK_IMAGE_MS, isEnhancementMode, type EnhancementMode } from '@shared/enhancement.js';
import { reserveCredits } from '../credits/ledger.js';
import { type JobDto, toJobDto } from './job-dto.js';
import { sweepStaleJobs } from './job-lifecycle.js';
import { enqueueJob } from './enqueue-job.js';
import { planLabel, queuePriority, userConcurrencyLimit } from './job-rules.js';
import { publishCredits, publishJob } from './job-events.js';
import { resolveInputVersion } from './input-version.js';
import { type TargetSize } from '@shared/target-size.js';
import { checkScaleOrTarget, enhanceCost } from './enhance-cost.js';

export interface EnhanceRequest {
  imageId: string;
  /** A factor, or (exactly one of the two) `targetSize`: an exact size reached by the smallest scale that covers it. */
  scale?: number;
  targetSize?: TargetSize;
  mode: string;
  params?: Partial<Record<'creativity' | 'detail' | 'precision', number>>;
  /** A completed job of this image whose result is enhanced instead of the upload. */
  sourceVersionId?: string;
}

type JobDeps = Pick<Deps, 'db' | 'queue' | 'events' | 'logger' | 'clock' | 'config' | 'storage'>;

/**
 * Submits an enhancement. Every rule of seed 001 §5 is checked here, with the profile row locked so that a user's
 * parallel submissions are decided one after another; the cost is reserved in the same transaction that inserts
 * the job, and the job is queued after commit. The input is the version asked for (the upload by default): its size
 * sets the cost and the output limit, and the job records it as its parent.
 */
export async function createEnhanceJob(deps: JobDeps, user: SessionUser, req: EnhanceRequest): Promise<{ job: JobDto; credits_remaining: number }> {
  checkScaleOrTarget(req);
  if (!isEnhancementMode(req.mode)) throw new AppError('INVALID_MODE', 400, msg('enhanceNoMode'));
  const mode: EnhancementMode = req.mode;
  const now = deps.clock();

  const { job, balance, priority, swept } = await deps.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, user.id)).for('update');
    if (!profile) throw new AppError('AUTH_REQUIRED', 401, msg('enhanceAuthRequired'));
    const { image, parentJobId } = await resolveInputVersion(tx, user.id, req, msg('enhanceNoSource'));

    // seed 001 §5: jobs processing over 1 hour are cleared before the concurrency check
    const swept = await sweepStaleJobs(deps, { userId: user.id, tx });

    const limit = userConcurrencyLimit(deps.config, profile.subscriptionStatus, profile.betaAccess);
    const [{ active }] = await tx
      .select({ active: count() })
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, user.id), eq(imageJobs.workflowType, 'enhance'), inArray(imageJobs.status, ['pending', 'processing'])));
    if (active >= limit) {
      throw new AppError(
        'CONCURRENCY_LIMIT',
        429,
        msg('enhanceConcurrency', { n: active, limit, plan: planLabel(profile.subscriptionStatus, profile.betaAccess) }),
        { active, limit },
      );
    }

    // an image already processing is refused unless that job is over 10 minutes old (seed 000 §4)
    const [busy] = await tx
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(
        and(
          eq(imageJobs.targetImageId, image.id),
          inArray(imageJobs.status, ['pending', 'processing']),
          gt(imageJobs.createdAt, new Date(now.getTime() - STUCK_IMAGE_MS)),
        ),
      )
      .limit(1);
    if (busy) throw new AppError('IMAGE_BUSY', 409, msg('enhanceAlreadyProcessing'), { jobId: busy.id });

    // a target size is resolved against the input version: the scale run, the exact size and its cost
    const { scale, credits: cost, output } = enhanceCost(image, req);

    if (profile.creditsRemaining < 1) throw new AppError('INSUFFICIENT_CREDITS', 402, msg('enhanceInsufficientCredits'));
    const preset = MODE_PRESETS[mode];
    // the job records the target asked for and the exact size the worker delivers
    const params = { ...DEFAULT_ENHANCEMENT_PARAMS, [preset.key]: preset.value, ...req.params, ...(output && { targetSize: req.targetSize, output }) };

    const [inserted] = await tx
      .insert(imageJobs)
      .values({
        userId: user.id,
        status: 'processing',
        workflowType: 'enhance',
        targetImageId: image.id,
        sourceJobId: parentJobId,
        originalImageUrl: `${image.bucket}/${image.path}`,
        scale,
        mode,
        params,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { balance } = await reserveCredits(tx, user.id, cost, inserted.id);
    const [job] = await tx.select().from(imageJobs).where(eq(imageJobs.id, inserted.id));
    return { job, balance, priority: queuePriority(profile.subscriptionStatus, profile.betaAccess), swept };
  });

  for (const s of swept) await publishJob(deps, s);
  await publishJob(deps, job);
  await publishCredits(deps, user.id, balance);
  const queueJobId = await enqueueJob(deps, job, priority);
  if (!queueJobId) throw new AppError('QUEUE_UNAVAILABLE', 503, msg('enhanceCreateJobFailed', { message: 'the processing queue is unavailable' }));
  return { job: toJobDto({ ...job, queueJobId }), credits_remaining: balance };
}
