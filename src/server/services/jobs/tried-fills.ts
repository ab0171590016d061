import type { Deps } from '@server/deps.js';
import { findUserJob } from '@server/repositories/image-jobs-repository.js';
import { FILLS_COMPARED_MAX } from '@shared/removal.js';
import type { JobRow } from './job-dto.js';

const triedAgainst = (job: JobRow): string | null =>
  job.workflowType === 'remove' && typeof job.params.anotherFillOf === 'string' ? job.params.anotherFillOf : null;

/**
 * The removals a Try another fill follows, nearest first: the one it was tried against (`params.anotherFillOf`), the
 * one that one was tried against, and so on, at most FILLS_COMPARED_MAX; the owner's only, each once.
 */
export async function fillsTriedBefore(deps: Pick<Deps, 'db'>, job: JobRow): Promise<JobRow[]> {
  const chain: JobRow[] = [];
  const seen = new Set([job.id]);
  for (let id = triedAgainst(job); id && !seen.has(id) && chain.length < FILLS_COMPARED_MAX;) {
    seen.add(id);
    const tried = await findUserJob(deps.db, job.userId, id);
    if (!tried) break;
    chain.push(tried);
    id = triedAgainst(tried);
  }
  return chain;
}
