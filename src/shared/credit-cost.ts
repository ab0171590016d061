/**
 * seed 001 §9: ceil(longest output side / 500), at least 1.
 * 1–500 px = 1, 501–1000 = 2, 1001–1500 = 3, 1501–2000 = 4, plus 1 per further 500 px.
 */
export const CREDIT_PIXELS_PER_STEP = 500;

/** Object removal is a flat 1 credit: its output is the input's size and one model pass. */
export const REMOVAL_CREDIT_COST = 1;

export function creditCostForOutput(width: number, height: number): number {
  const longest = Math.max(width, height, 0);
  return Math.max(1, Math.ceil(longest / CREDIT_PIXELS_PER_STEP));
}

/** Output size of an enhancement: each side times the scale, rounded (seed 001 §5). */
export function scaledSize(width: number, height: number, scale: number): { width: number; height: number } {
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export function enhanceCreditCost(width: number, height: number, scale: number): number {
  const out = scaledSize(width, height, scale);
  return creditCostForOutput(out.width, out.height);
}

/** seed 001 §9: the low-credit warning shows at 5 or fewer. */
export const LOW_CREDIT_THRESHOLD = 5;
export const isLowOnCredits = (credits: number) => credits <= LOW_CREDIT_THRESHOLD;

/** "credit" or "credits" for a count: only exactly one is singular (0 credits, 1 credit, 4 credits). */
export const creditsUnit = (n: number) => (Math.abs(n) === 1 ? 'credit' : 'credits');

/** Every credit count the app prints: "1 credit", "4 credits", "0 credits", "5,000 credits". */
export function formatCredits(n: number): string {
  return `${n.toLocaleString('en-US')} ${creditsUnit(n)}`;
}

/**
 * What a job cost, for lists of jobs: a failed or cancelled job's reservation was returned (credits are charged only
 * for success), so it says so instead of a count that was never spent.
 */
export function jobCreditsLabel(job: { status: string; credits_used: number }): string {
  return job.status === 'failed' || job.status === 'cancelled' ? 'refunded' : formatCredits(job.credits_used);
}
