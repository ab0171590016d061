import type { Deps } from '@server/deps.js';
import type { Engine } from '@engine/index.js';
import type { JobOutcome } from '@server/ports/metrics.js';
import { markJobStarted, recordJobProgress, returnJobToQueue } from './job-lifecycle.js';
import { failJobRun, jobSource, maskKeyOf, readObject, saveJobResult, type EngineResult } from './job-result.js';
import { engineRequestOf } from './engine-request.js';
import type { Bucket } from '@shared/url-checks.js';
import { JobHandedBack } from '@server/ports/job-queue.js';
import { findJobStatus } from '@server/repositories/image-jobs-repository.js';
import type { JobPhase } from '@shared/estimates.js';

/** The engine's progress as the phase a card shows: 'Loading model', 'Tile 3 of 12', 'Saving'; null for steps without one. */
export function phaseOfProgress(p: { phase?: string; tilesDone?: number; tilesTotal?: number }): JobPhase | null {
  if (p.phase === 'loading' || p.phase === 'saving') return { kind: p.phase };
  if (p.phase === 'tiles') return { kind: 'tiles', done: p.tilesDone ?? 0, total: p.tilesTotal ?? 0 };
  return null;
}

/** A completed run: the input's megapixels and the engine's seconds (a worker's throughput). */
export interface JobRunSummary {
  megapixels: number;
  seconds: number;
}

/** What a job needs: the ports of the server, and the engine of the process that runs it (its own thread). */
export type ProcessJobDeps = Pick<Deps, 'db' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'mailer' | 'imaging' | 'metrics' | 'queue'> & {
  engine: Pick<Engine, 'enhance' | 'inpaint'>;
};

/** Live updates at most this often; the database row follows at most once a second. */
const PUBLISH_EVERY_MS = 250;
const PERSIST_EVERY_MS = 1000;

/**
 * The engine's answer, or the queue's abort as soon as it comes: a job the queue takes back (shutdown, expiry) goes
 * back without waiting for the engine to reach its next tile; the engine stops there on its own.
 */
function unlessTakenBack<T>(run: Promise<T>, queueSignal: AbortSignal): Promise<T> {
  if (queueSignal.aborted) {
    run.catch(() => {});
    return Promise.reject(queueSignal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      run.catch(() => {});
      reject(queueSignal.reason);
    };
    queueSignal.addEventListener('abort', onAbort, { once: true });
    run.then(resolve, reject).finally(() => queueSignal.removeEventListener('abort', onAbort));
  });
}

/**
 * Runs one queued image job through the engine: takes it (unless it was cancelled meanwhile), streams real
 * progress, stops the engine's run at once when the job is cancelled, stores the result and completes the job, which turns
 * the reservation into a charge. A throw from here is an infrastructure failure the queue retries; an engine
 * failure ends the job as failed and releases its credits.
 */
export async function processImageJob(deps: ProcessJobDeps, jobId: string, queueSignal: AbortSignal): Promise<JobRunSummary | null> {
  const { engine } = deps;
  const job = await markJobStarted(deps, jobId);
  if (!job) return null;
  const log = deps.logger.child({ jobId, workflow: job.workflowType });
  log.info({ pid: process.pid }, 'job started');
  const counted = { workflow: job.workflowType, mode: job.mode ?? job.workflowType };
  deps.metrics.jobStarted({ ...counted, waitSeconds: (deps.clock().getTime() - new Date(job.createdAt).getTime()) / 1000 });
  let outcome: JobOutcome = 'failed';
  const controller = new AbortController();
  const abortOnQueue = () => controller.abort(queueSignal.reason);
  queueSignal.addEventListener('abort', abortOnQueue);
  // cancel reaches this worker through the realtime bus (any API instance), and through the row on each persist
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type !== 'job') return;
    const data = event.data as { id?: string; status?: string };
    if (data.id === jobId && data.status !== 'processing') controller.abort(new Error('job ended elsewhere'));
  });
  const started = Date.now();
  let lastPublish = 0;
  let lastPersist = 0;
  let persisting: Promise<void> = Promise.resolve();
  const tiles = { done: 0, at: started };
  let lastPhase = 'loading';
  const onProgress = (p: { fraction: number; etaMs: number | null; tilesDone?: number; tilesTotal?: number; phase?: string }) => {
    if (p.tilesDone !== undefined && p.tilesDone > tiles.done) {
      const now = Date.now();
      deps.metrics.engineTiles({ tiles: p.tilesDone - tiles.done, seconds: (now - tiles.at) / 1000 });
      Object.assign(tiles, { done: p.tilesDone, at: now });
    }
    // a job handed back keeps the progress it was handed back with (none) until a worker takes it again
    if (queueSignal.aborted) return;
    const now = Date.now();
    const phase = phaseOfProgress(p);
    // a new phase is always told (the card says 'Loading model', then the tiles, then 'Saving')
    const newPhase = (phase?.kind ?? 'none') !== lastPhase;
    lastPhase = phase?.kind ?? 'none';
    if (now - lastPersist < PERSIST_EVERY_MS && p.fraction < 1 && !newPhase) return;
    // the last tile is always told, so even a job faster than the publish interval shows its progress reach the end
    const publish = p.fraction >= 1 || newPhase || now - lastPublish >= PUBLISH_EVERY_MS;
    lastPersist = now;
    if (publish) lastPublish = now;
    persisting = persisting.then(async () => {
      const stillProcessing = await recordJobProgress(deps, jobId, p.fraction, p.etaMs, publish, phase).catch(() => true);
      if (!stillProcessing) controller.abort(new Error('job is no longer processing'));
    });
  };

  try {
    const source = await jobSource(deps, job);
    const input = await readObject(deps, source.bucket as Bucket, source.path);

    let result: EngineResult;
    const engineStarted = Date.now();
    const request = engineRequestOf(job);
    if (request.workflow === 'remove') {
      const mask = await readObject(deps, 'processed-images', maskKeyOf(job));
      result = await unlessTakenBack(engine.inpaint(input, mask, { signal: controller.signal, onProgress }, { seed: request.seed }), queueSignal);
    } else {
      const { scale, mode, params, outputSize } = request;
      result = await unlessTakenBack(engine.enhance(input, { scale, mode, params, outputSize }, { signal: controller.signal, onProgress }), queueSignal);
    }
    await persisting;
    if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
    if (lastPhase !== 'saving') await recordJobProgress(deps, jobId, 1, null, true, { kind: 'saving' }).catch(() => true);
    const inputSize = await deps.imaging.probe(input).catch(() => null);
    const run = { megapixels: inputSize ? (inputSize.width * inputSize.height) / 1e6 : 0, seconds: (Date.now() - engineStarted) / 1000 };
    deps.metrics.engineRun({ network: result.model ?? `inpaint-${result.method ?? 'unknown'}`, inputMegapixels: run.megapixels, seconds: run.seconds });
    const saved = await saveJobResult(deps, job, source, result);
    // Try another fill that came out the same: the job was failed there with its message, nothing kept
    if (saved === 'same_fill') return null;
    if (saved === 'ended') throw new Error('job ended before its result was saved');
    log.info({ ms: Date.now() - started, engineMs: Math.round(run.seconds * 1000), width: result.width, height: result.height }, 'job completed');
    outcome = 'completed';
    return run;
  } catch (err) {
    await persisting.catch(() => {});
    const status = await findJobStatus(deps.db, jobId);
    if (status !== 'processing') {
      outcome = 'ended_elsewhere';
      log.info({ status }, 'job stopped: it was ended elsewhere');
      return null;
    }
    if (queueSignal.aborted) {
      // the queue takes the job back (shutdown or expiry): it runs again on a worker, nothing was charged
      outcome = 'handed_back';
      await returnJobToQueue(deps, jobId).catch(() => {});
      log.info({ reason: String(queueSignal.reason?.message ?? queueSignal.reason) }, 'job handed back to the queue');
      throw new JobHandedBack(err);
    }
    log.warn({ err }, 'job failed');
    await failJobRun(deps, job, (err as { code?: string })?.code, err instanceof Error ? err.message : String(err));
    return null;
  } finally {
    deps.metrics.jobFinished({ ...counted, outcome, busySeconds: (Date.now() - started) / 1000 });
    unsubscribe();
    queueSignal.removeEventListener('abort', abortOnQueue);
  }
}
