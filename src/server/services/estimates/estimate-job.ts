import type { Deps } from '@server/deps.js';
import { AppError } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { scaledSize } from '@shared/credit-cost.js';
import { isEnhancementMode, type EnhancementMode, type UpscaleFactor } from '@shared/enhancement.js';
import { type TargetSize } from '@shared/target-size.js';
import { findFinishedRuns, findSameEnhancement, findUnfinishedJobs } from '@server/repositories/job-runs-repository.js';
import { resolveInputVersion } from '../jobs/input-version.js';
import { checkScaleOrTarget, enhanceCost } from '../jobs/enhance-cost.js';
import { batchSeconds, estimateRunSeconds, midpoint, queueWaitSeconds, type EstimateNetwork, type RunSample, type TimeRange } from './estimate-time.js';

/** Finished runs read per estimate: enough for the latest RECENT_RUNS of every network and scale in ordinary use. */
const RUNS_READ = 400;

export type EstimateDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

/** What an estimate goes by, read once for a batch: this server's finished runs, its queue, and how many jobs it runs at once. */
export interface EstimateContext {
  runs: RunSample[];
  /** Seconds of work the queue holds ahead of a new job. */
  ahead: { runningLeftSeconds: number[]; waitingSeconds: number[] };
  /** Every accepted job not ended, oldest first: the queue as it stands. */
  unfinished: UnfinishedJob[];
  slots: number;
}

/** A job in the queue or running, with its run's estimate and (running) what it has left. */
export interface UnfinishedJob {
  id: string;
  createdAt: Date;
  started: boolean;
  run: TimeRange;
  leftSeconds: number;
}

const networkOf = (workflow: string, mode: string | null): EstimateNetwork | null => (workflow === 'remove' ? 'remove' : isEnhancementMode(mode) ? mode : null);

export async function loadEstimateContext(deps: EstimateDeps): Promise<EstimateContext> {
  const runs: RunSample[] = (await findFinishedRuns(deps.db, RUNS_READ)).flatMap((r) => {
    const network = networkOf(r.workflowType, r.mode);
    // an exact-size result was scaled down after the run: its size is not the engine's work
    if (!network || r.exactSize) return [];
    return [
      { network, scale: r.scale, outputMegapixels: (r.resultWidth * r.resultHeight) / 1e6, seconds: (r.finishedAt.getTime() - r.startedAt.getTime()) / 1000 },
    ];
  });
  const now = deps.clock().getTime();
  const ahead = { runningLeftSeconds: [] as number[], waitingSeconds: [] as number[] };
  const unfinished: UnfinishedJob[] = [];
  for (const job of await findUnfinishedJobs(deps.db)) {
    const network = networkOf(job.workflowType, job.mode);
    if (!network || !job.width || !job.height) continue;
    const scale = network === 'remove' ? 1 : (job.scale ?? 1);
    const run = estimateRunSeconds(runs, { network, scale: job.scale, outputMegapixels: (job.width * scale * job.height * scale) / 1e6 });
    const seconds = midpoint(run);
    // a running job's own ETA from its tiles once it has one, else what its estimate leaves
    const leftSeconds = !job.startedAt ? seconds : job.etaMs !== null ? job.etaMs / 1000 : Math.max(0, seconds - (now - job.startedAt.getTime()) / 1000);
    if (!job.startedAt) ahead.waitingSeconds.push(seconds);
    else ahead.runningLeftSeconds.push(leftSeconds);
    unfinished.push({ id: job.id, createdAt: job.createdAt, started: job.startedAt !== null, run, leftSeconds });
  }
  unfinished.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { runs, ahead, unfinished, slots: Math.max(1, deps.config.WORKERS) };
}

/**
 * An accepted job's time from now: running, what it has left (its own ETA from its tiles, else its estimate less the
 * time it has run); waiting, the jobs ahead of it (those running and those queued before it) shared by the slots,
 * then its run. Null when the job has ended or its input is unknown.
 */
export function unfinishedJobTime(ctx: EstimateContext, jobId: string): { run: TimeRange; waitSeconds: number; leftSeconds: number } | null {
  const at = ctx.unfinished.findIndex((j) => j.id === jobId);
  if (at < 0) return null;
  const job = ctx.unfinished[at];
  if (job.started) return { run: job.run, waitSeconds: 0, leftSeconds: job.leftSeconds };
  const before = ctx.unfinished.slice(0, at);
  const ahead = {
    runningLeftSeconds: ctx.unfinished.filter((j) => j.started).map((j) => j.leftSeconds),
    waitingSeconds: before.filter((j) => !j.started).map((j) => j.leftSeconds),
  };
  const waitSeconds = queueWaitSeconds(ahead, ctx.slots);
  return { run: job.run, waitSeconds, leftSeconds: waitSeconds + midpoint(job.run) };
}

export interface EstimateRequest {
  imageId: string;
  /** A completed job of this image whose result is the input; absent: the upload. */
  sourceVersionId?: string;
  /** One of `scale` and `targetSize`, as for POST /api/jobs. */
  scale?: number;
  targetSize?: TargetSize;
  mode: string;
}

export interface JobEstimate {
  imageId: string;
  credits: number;
  scale: UpscaleFactor;
  mode: EnhancementMode;
  output: { width: number; height: number };
  /** The engine's run, worker start to result saved. */
  runSeconds: TimeRange;
  /** The queue's wait before a worker takes it, were it submitted now. */
  waitSeconds: number;
  /** A kept result of this version at the same mode and size: running again charges again. */
  sameAsBefore: { jobId: string; scale: number; mode: string } | null;
}

/**
 * The credits and time a job would take, were it submitted now, with the rules of POST /api/jobs: the same input
 * version (another user's image is not found), the same cost (shared/credit-cost) and the same size checks, which
 * throw the same errors. Nothing is reserved or written.
 */
export async function estimateJob(deps: EstimateDeps, userId: string, req: EstimateRequest, context?: EstimateContext): Promise<JobEstimate> {
  checkScaleOrTarget(req);
  if (!isEnhancementMode(req.mode)) throw new AppError('INVALID_MODE', 400, msg('enhanceNoMode'));
  const mode = req.mode;
  const { image, parentJobId } = await resolveInputVersion(deps.db, userId, req, msg('enhanceNoSource'));
  // the cost and the size checks of POST /api/jobs itself
  const cost = enhanceCost(image, req);
  const { scale, credits } = cost;
  const output = { width: cost.width, height: cost.height };
  const ctx = context ?? (await loadEstimateContext(deps));
  const run = scaledSize(image.width, image.height, scale);
  const runSeconds = estimateRunSeconds(ctx.runs, { network: mode, scale, outputMegapixels: (run.width * run.height) / 1e6 });
  const same = await findSameEnhancement(deps.db, { userId, imageId: image.id, parentJobId, mode, ...output });
  return {
    imageId: req.imageId,
    credits,
    scale,
    mode,
    output,
    runSeconds,
    waitSeconds: queueWaitSeconds(ctx.ahead, ctx.slots),
    sameAsBefore: same ? { jobId: same.id, scale: same.scale ?? scale, mode: same.mode ?? mode } : null,
  };
}

export interface BatchEstimate {
  items: ({ ok: true; estimate: JobEstimate } | { ok: false; imageId: string; code: string; message: string })[];
  credits: number;
  /** From now until the batch's last job ends: the queue's wait, then the jobs through the batch's slots. */
  totalSeconds: TimeRange | null;
}

/**
 * Several images at once (Enhance all, a selection): each estimated as above, and the whole batch's time with its
 * jobs sharing this server's slots. An image that cannot be enhanced is answered with the reason, not a failure.
 */
export async function estimateBatch(
  deps: EstimateDeps,
  userId: string,
  req: Omit<EstimateRequest, 'imageId' | 'sourceVersionId'> & { items: { imageId: string; sourceVersionId?: string }[] },
): Promise<BatchEstimate> {
  const ctx = await loadEstimateContext(deps);
  const items: BatchEstimate['items'] = [];
  for (const item of req.items) {
    try {
      items.push({ ok: true, estimate: await estimateJob(deps, userId, { ...req, ...item }, ctx) });
    } catch (err) {
      // another user's image or version is not found for the whole request, as for POST /api/jobs
      if (!(err instanceof AppError) || err.status === 404) throw err;
      items.push({ ok: false, imageId: item.imageId, code: err.code, message: err.message });
    }
  }
  const fine = items.flatMap((i) => (i.ok ? [i.estimate] : []));
  return {
    items,
    credits: fine.reduce((a, e) => a + e.credits, 0),
    totalSeconds: fine.length
      ? batchSeconds(
          fine.map((e) => e.runSeconds),
          queueWaitSeconds(ctx.ahead, ctx.slots),
          ctx.slots,
        )
      : null,
  };
}
