import { isEnhancementMode, isUpscaleFactor, STUCK_IMAGE_MS, targetResolutionError } from '@shared/enhancement';
import { msg } from '@shared/messages';
import { concurrencyLimit, planName } from '@shared/plans';

export interface EnhanceCheckInput {
  image: { width: number; height: number; processing: boolean; processingSince: number | null; uploaded: boolean } | null;
  scale: number | null;
  mode: string | null;
  signedIn: boolean;
  credits: number | null;
  /** Jobs of this user processing now, across all cards. */
  activeJobs: number;
  subscriptionStatus: string | null;
  betaAccess: boolean;
  now: number;
}

/** Beta accounts get all premium features (seed 000 §6), so they run at the Business limit. */
export function planConcurrency(subscriptionStatus: string | null, betaAccess: boolean): number {
  const limit = concurrencyLimit(subscriptionStatus);
  return betaAccess ? Math.max(limit, concurrencyLimit('business')) : limit;
}

export function planLabel(subscriptionStatus: string | null, betaAccess: boolean): string {
  return betaAccess && !subscriptionStatus ? 'Beta' : planName(subscriptionStatus);
}

/**
 * Enhance with no card selected: an empty canvas needs an upload first (the seed's text); a canvas with cards needs a
 * click on one, or Enhance all.
 */
export function noSelectionMessage(cardCount: number): string {
  return cardCount > 0 ? msg('enhanceNoneSelected') : msg('enhanceNoImage');
}

/** Which rule refused: the plan's concurrency and the balance are the ones a queue handles differently. */
type EnhanceRefusal = { rule: 'concurrency' | 'credits' | 'other'; text: string };

/**
 * seed 001 §5, in the seed's order: the first rule an enhancement breaks, with the seed's toast text, or null.
 * The server checks all of these again and its answer wins; these only save a round trip and a confusing wait.
 */
export function enhanceRefusal(input: EnhanceCheckInput): EnhanceRefusal | null {
  const other = (text: string): EnhanceRefusal => ({ rule: 'other', text });
  const { image } = input;
  if (!image || !image.uploaded) return other(msg('enhanceNoImage'));
  if (!isUpscaleFactor(input.scale)) return other(msg('enhanceNoScale'));
  if (!isEnhancementMode(input.mode)) return other(msg('enhanceNoMode'));
  if (!input.signedIn) return other(msg('enhanceAuthRequired'));
  if (input.credits !== null && input.credits < 1) return { rule: 'credits', text: msg('enhanceInsufficientCredits') };
  if (image.processing && (image.processingSince === null || input.now - image.processingSince <= STUCK_IMAGE_MS))
    return other(msg('enhanceAlreadyProcessing'));
  const limit = planConcurrency(input.subscriptionStatus, input.betaAccess);
  if (input.activeJobs >= limit) {
    return {
      rule: 'concurrency',
      text: msg('enhanceConcurrency', { n: input.activeJobs, limit, plan: planLabel(input.subscriptionStatus, input.betaAccess) }),
    };
  }
  const size = targetResolutionError(image.width, image.height, input.scale);
  return size ? other(size) : null;
}

type FailureToast = { title: string; description?: string } | null;

/**
 * seed 001 §8: a failure shows its message, or the generic one; a message about authentication, a session or
 * expiry becomes 'Session Expired'; one with the word cancelled is not shown at all (the user asked for it).
 */
export function failureToast(message: string | null | undefined): FailureToast {
  const text = (message ?? '').trim();
  if (/cancel+ed/i.test(text)) return null;
  if (/authentication|session|expired/i.test(text)) return splitTitle(msg('enhanceSessionExpired'));
  if (!text) return splitTitle(msg('enhanceFailedGeneric'));
  return { title: text };
}

/** Seed toasts are written 'Title - Description' or 'Title: Description'; sonner shows them as two lines. */
export function splitTitle(text: string): { title: string; description?: string } {
  const m = /^([^:\-–]{3,40}?)(?: - |: )(.+)$/.exec(text);
  return m ? { title: m[1], description: m[2] } : { title: text };
}
