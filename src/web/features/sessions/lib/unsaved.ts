/**
 * Unsaved changes: the workspace differs from what was last saved or loaded. The baseline is the fingerprint of
 * that moment; with no session, the baseline is the workspace as it first finished loading, so opening the page
 * is never a change.
 */
export function isDirty(baseline: string | null, current: string, imageCount: number): boolean {
  if (baseline === null) return false;
  if (baseline === current) return false;
  // an emptied workspace with no images has nothing left to save (seed 000 §5: saving needs an image)
  return imageCount > 0;
}

/** What the 'Save Your Viewport?' dialog needs to decide: only leaving /enhance through the navigation asks. */
export function shouldConfirmLeave(opts: { from: string; to: string; dirty: boolean }): boolean {
  if (!opts.dirty) return false;
  const fromPath = pathOf(opts.from);
  const toPath = pathOf(opts.to);
  return isWorkspacePath(fromPath) && !isWorkspacePath(toPath);
}

export const isWorkspacePath = (path: string) => path === '/enhance' || path.startsWith('/enhance/');

function pathOf(href: string): string {
  const noHash = href.split('#')[0];
  const noQuery = noHash.split('?')[0];
  try {
    return noQuery.startsWith('http') ? new URL(noQuery).pathname : noQuery || '/';
  } catch {
    return noQuery;
  }
}
