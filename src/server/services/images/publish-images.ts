import type { Deps } from '@server/deps.js';

/**
 * Tells the owner's open windows that uploads left or came back (live channel event `images`): a workspace adds a
 * restored card and drops a trashed one, an open Trash list refetches; `versions-deleted` names the jobs whose results
 * went (`jobIds`), and the cards drop those versions. A lost event is caught up by the next resync.
 */
export async function publishImages(
  deps: Pick<Deps, 'events'>,
  userId: string,
  action: 'trashed' | 'restored' | 'purged' | 'versions-deleted',
  ids: string[],
  jobIds?: string[],
): Promise<void> {
  await deps.events.publish({ type: 'images', to: userId, data: jobIds ? { action, ids, jobIds } : { action, ids } });
}

/**
 * Tells the owner's open windows that uploads were stored (live channel event `uploads`): an open library on any
 * device lists them at once. Canvases are left alone: what a canvas shows is its own layout.
 */
export async function publishUploads(deps: Pick<Deps, 'events'>, userId: string, ids: string[]): Promise<void> {
  if (ids.length > 0) await deps.events.publish({ type: 'uploads', to: userId, data: { ids } });
}
