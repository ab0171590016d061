/**
 * A card's versions: the upload, and every completed job's result, each made from the version it started from (its
 * parent: the upload, or an earlier result). A version is named by the chain of steps that made it, oldest first
 * ("Removed 1 object · ×2 Precision"), on the card, in its Version list and in the re-run warning.
 */
import { msg } from './messages.js';
import { isEnhancementMode, MODE_LABELS } from './enhancement.js';

export interface VersionStep {
  /** The job that made this version. */
  jobId: string;
  /** The version it started from (a job id); null: the upload. */
  parentJobId: string | null;
  workflow: 'enhance' | 'remove';
  scale: number | null;
  mode: string | null;
}

/**
 * The steps from the upload to `jobId`, oldest first. A parent the list does not hold (deleted, or never known here)
 * ends the walk, and so does a loop.
 */
export function versionChain<T extends VersionStep>(versions: readonly T[], jobId: string | null): T[] {
  const byId = new Map(versions.map((v) => [v.jobId, v]));
  const chain: T[] = [];
  const seen = new Set<string>();
  for (let id = jobId; id && !seen.has(id);) {
    seen.add(id);
    const step = byId.get(id);
    if (!step) break;
    chain.unshift(step);
    id = step.parentJobId;
  }
  return chain;
}

/** "×2 Precision" */
export function enhancementStepLabel(scale: number | null, mode: string | null): string {
  return msg('versionEnhanced', { scale: scale ?? '?', mode: mode && isEnhancementMode(mode) ? MODE_LABELS[mode] : (mode ?? '') }).trim();
}

/** "Removed 1 object · ×2 Precision": removals in a row count together; no steps is the upload ("Original"). */
export function versionChainLabel(steps: readonly Pick<VersionStep, 'workflow' | 'scale' | 'mode'>[]): string {
  const parts: string[] = [];
  let removals = 0;
  const flush = () => {
    if (removals > 0) parts.push(removals === 1 ? msg('versionRemovedOne') : msg('versionRemovedMany', { n: removals }));
    removals = 0;
  };
  for (const step of steps) {
    if (step.workflow === 'remove') removals++;
    else {
      flush();
      parts.push(enhancementStepLabel(step.scale, step.mode));
    }
  }
  flush();
  return parts.length > 0 ? parts.join(' · ') : msg('versionOriginal');
}

/** A completed enhancement of the same version at the same scale and mode: enhancing again would charge again for it. */
export function sameEnhancement<T extends VersionStep>(versions: readonly T[], parentJobId: string | null, scale: number, mode: string): T | null {
  return versions.find((v) => v.workflow === 'enhance' && (v.parentJobId ?? null) === parentJobId && v.scale === scale && v.mode === mode) ?? null;
}

/** Deleting one version of a card (a job's result and every version made from it); placeholders are filled by `fill`. */
export const versionMessages = {
  deleteAction: 'Delete this version…',
  confirmTitle: 'Delete this version?',
  confirmBody: '"{label}" will be deleted for good{derived}. The credits it used are not refunded. The original and the other versions stay.',
  confirmDerived: ', with the {n} versions made from it',
  confirmDerivedOne: ', with the version made from it',
  confirm: 'Delete version',
  cancel: 'Cancel',
  deleted: 'Version deleted',
  notFound: 'This version no longer exists.',
  noResult: 'Only a finished result can be deleted.',
  busy: 'A job is working on this version. Cancel it first, then delete the version.',
  failed: 'Could not delete this version. Please try again.',
} as const;
