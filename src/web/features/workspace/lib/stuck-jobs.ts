/**
 * 'Fix stuck jobs' (toolbar): every card that shows a running job is checked against the server. A job the
 * server reports as ended is applied like any live update would have been (a lost event is the usual cause); a
 * card whose job the server no longer has is cleared; a job still running is left alone.
 */
import type { JobDto } from '@web/features/canvas-core/types';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';

interface StuckFixPlan {
  /** Jobs the server reports as ended: apply them as updates. */
  updates: JobDto[];
  /** Cards whose job the server no longer has: clear their processing state. */
  clear: string[];
  /** Cards whose job still runs on the server. */
  running: string[];
}

export function busyCards(images: WorkspaceImage[]): WorkspaceImage[] {
  return images.filter((i) => (i.status === 'processing' || i.status === 'cancelling') && i.job);
}

export function planStuckFix(images: WorkspaceImage[], serverJobs: JobDto[]): StuckFixPlan {
  const byId = new Map(serverJobs.map((j) => [j.id, j]));
  const plan: StuckFixPlan = { updates: [], clear: [], running: [] };
  for (const card of busyCards(images)) {
    const job = byId.get(card.job!.id);
    if (!job) plan.clear.push(card.key);
    else if (job.status === 'processing' || job.status === 'pending') plan.running.push(card.key);
    else plan.updates.push(job);
  }
  return plan;
}
