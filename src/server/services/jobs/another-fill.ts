import { randomInt } from 'node:crypto';
import type { Deps, SessionUser } from '@server/deps.js';
import { AppError } from '@server/errors.js';
import { fill, msg } from '@shared/messages.js';
import { maskEditorMessages } from '@shared/mask-editor-messages.js';
import { DEFAULT_FILL_SEED, FILL_SEED_MAX, isFillSeed } from '@shared/removal.js';
import { findUserJob } from '@server/repositories/image-jobs-repository.js';
import { createRemoveJob } from './create-remove-job.js';
import { maskKeyOf, readObject } from './job-result.js';
import type { JobDto } from './job-dto.js';
import { fillsTriedBefore } from './tried-fills.js';

/** A seed other than the ones already used (none given: the engine's default is taken as used). */
export function anotherSeed(used: readonly (number | undefined)[], draw: (max: number) => number = (max) => randomInt(max)): number {
  const taken = new Set(used.map((s) => (isFillSeed(s) ? s : DEFAULT_FILL_SEED)));
  for (;;) {
    const seed = draw(FILL_SEED_MAX);
    if (!taken.has(seed)) return seed;
  }
}

/**
 * 'Try another fill': the removal of a completed removal job again, on the same version it worked on and with the same
 * mask, under another seed, so the fill is another candidate. It is a removal like any other (one at a time, charged
 * when it completes, nothing when it fails), and its result becomes another version of the card; one that comes out
 * the same as a fill it follows (tried against, or one before) is neither kept nor charged (`saveJobResult`).
 */
export async function anotherFill(
  deps: Pick<Deps, 'db' | 'queue' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'imaging'>,
  user: SessionUser,
  jobId: string,
): Promise<{ job: JobDto; credits_remaining: number }> {
  const job = await findUserJob(deps.db, user.id, jobId);
  if (!job) throw new AppError('JOB_NOT_FOUND', 404, msg('versionNotFound'));
  if (job.workflowType !== 'remove' || job.status !== 'completed' || !job.targetImageId)
    throw new AppError('NOT_A_REMOVAL', 409, maskEditorMessages.anotherFillNotRemoval);
  const mask = await readObject(deps, 'processed-images', maskKeyOf(job)).catch(() => {
    throw new AppError('MASK_GONE', 410, maskEditorMessages.anotherFillMaskGone);
  });
  // a seed none of the fills this one follows used
  const seed = anotherSeed([job, ...(await fillsTriedBefore(deps, job))].map((j) => j.params.seed as number | undefined));
  return createRemoveJob(deps, user, { imageId: job.targetImageId, sourceVersionId: job.sourceJobId ?? undefined, mask, seed, anotherFillOf: job.id });
}

export const seedInvalidMessage = () => fill(maskEditorMessages.seedInvalid, { n: FILL_SEED_MAX });
