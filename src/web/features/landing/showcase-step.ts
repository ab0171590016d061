export type ShowcaseStep = 1 | 2 | 3;

/** seed 000 §4: below 25 % of the section's scroll the first step shows, below 75 % the second, else the third. */
export function showcaseStep(progress: number): ShowcaseStep {
  if (progress < 0.25) return 1;
  if (progress < 0.75) return 2;
  return 3;
}

/**
 * How far the page has scrolled through a tall section whose content sticks to the viewport: 0 when its top meets
 * the top of the viewport, 1 when its bottom meets the bottom.
 */
export function sectionProgress(sectionTop: number, sectionHeight: number, viewportHeight: number): number {
  const travel = sectionHeight - viewportHeight;
  if (travel <= 0) return sectionTop <= 0 ? 1 : 0;
  return Math.min(1, Math.max(0, -sectionTop / travel));
}
