import { notifyProcessingComplete } from '../notifications/user-notifications.js';
import type { Deps } from '@server/deps.js';
import type { Engine } from '@engine/index.js';
import type { JobOutcome } from '@server/ports/metrics.js';
import type { JobRow } from './job-dto.js';
import { completeJob, failJob, markJobStarted, recordJobProgress, returnJobToQueue } from './job-lifecycle.js';
import { msg } from '@shared/messages.js';
import { isEnhancementMode, isUpscaleFactor } from '@shared/enhancement.js';
import { processedKey, safeStem, extensionFor, thumbnailKeyFor } from '../storage/paths.js';
import { RESULT_PREVIEW_MAX_SIDE } from '@shared/limits.js';
import type { Bucket } from '@shared/url-checks.js';
import { JobHandedBack } from '@server/ports/job-queue.js';
import { deleteImageById, deleteImageByPath, findImageById, insertImage } from '@server/repositories/images-repository.js';
import { findJobStatus } from '@server/repositories/image-jobs-repository.js';

/** What a job needs: the ports of the server, and the engine of the process that runs it (its own thread). */
export type ProcessJobDeps = Pick<Deps, 'db' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'mailer' | 'imaging' | 'metrics'> & {
  engine: Pick<Engine, 'enhance' | 'inpaint'>;
};

/** Live updates at most this often; the database row follows at most once a second. */
const PUBLISH_EVERY_MS = 250;
const PERSIST_EVERY_MS = 1000;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', webp: 'image/webp' };

async function readObject(deps: Pick<ProcessJobDeps, 'storage'>, bucket: Bucket, key: string): Promise<Buffer> {
  const obj = await deps.storage.get(bucket, key);
  if (!obj) throw new Error(`source object missing: ${bucket}/${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of obj.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

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

/** The strengths an enhancement job was submitted with (the job row's params); anything else is left to the mode's preset. */
function modeParams(params: Record<string, unknown>): { creativity?: number; detail?: number; precision?: number } {
  const pick = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return { creativity: pick(params.creativity), detail: pick(params.detail), precision: pick(params.precision) };
}

/** The exact size (and print density) a target-size job was resolved to, which the engine downscales to. */
function outputSizeOf(params: Record<string, unknown>): { width: number; height: number; dpi?: number } | undefined {
  const o = params.output as { width?: unknown; height?: unknown; dpi?: unknown } | undefined;
  if (!o || typeof o.width !== 'number' || typeof o.height !== 'number') return undefined;
  return { width: o.width, height: o.height, ...(typeof o.dpi === 'number' && { dpi: o.dpi }) };
}

/** Messages a user may see for an engine failure; anything unexpected is logged and shown generically. */
function failureMessage(err: unknown, workflow: JobRow['workflowType']): string {
  const code = (err as { code?: string })?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'TOO_LARGE' || code === 'MASK_TOO_LARGE' || code === 'MASK_EMPTY' || code === 'UNSUPPORTED_INPUT' || code === 'MASK_SIZE_MISMATCH')
    return message;
  return workflow === 'remove' ? msg('processingFailedWith', { reason: 'the object could not be removed' }) : msg('enhanceFailed');
}

/**
 * Runs one queued image job through the engine: takes it (unless it was cancelled meanwhile), streams real
 * progress, stops the engine's run at once when the job is cancelled, stores the result and completes the job, which turns
 * the reservation into a charge. A throw from here is an infrastructure failure the queue retries; an engine
 * failure ends the job as failed and releases its credits.
 */
export async function processImageJob(deps: ProcessJobDeps, jobId: string, queueSignal: AbortSignal): Promise<void> {
  const { engine } = deps;
  const job = await markJobStarted(deps, jobId);
  if (!job) return;
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
  const onProgress = (p: { fraction: number; etaMs: number | null; tilesDone?: number }) => {
    if (p.tilesDone !== undefined && p.tilesDone > tiles.done) {
      const now = Date.now();
      deps.metrics.engineTiles({ tiles: p.tilesDone - tiles.done, seconds: (now - tiles.at) / 1000 });
      Object.assign(tiles, { done: p.tilesDone, at: now });
    }
    // a job handed back keeps the progress it was handed back with (none) until a worker takes it again
    if (queueSignal.aborted) return;
    const now = Date.now();
    if (now - lastPersist < PERSIST_EVERY_MS && p.fraction < 1) return;
    // the last tile is always told, so even a job faster than the publish interval shows its progress reach the end
    const publish = p.fraction >= 1 || now - lastPublish >= PUBLISH_EVERY_MS;
    lastPersist = now;
    if (publish) lastPublish = now;
    persisting = persisting.then(async () => {
      const stillProcessing = await recordJobProgress(deps, jobId, p.fraction, p.etaMs, publish).catch(() => true);
      if (!stillProcessing) controller.abort(new Error('job is no longer processing'));
    });
  };

  let stored: { bucket: Bucket; key: string; imageId?: string } | undefined;
  try {
    const source = job.targetImageId ? await findImageById(deps.db, job.targetImageId) : null;
    if (!source) throw Object.assign(new Error(msg('enhanceNoSource')), { code: 'UNSUPPORTED_INPUT' });
    const input = await readObject(deps, source.bucket as Bucket, source.path);

    let result: { data: Buffer; width: number; height: number; format: string; model?: string; method?: string };
    const engineStarted = Date.now();
    if (job.workflowType === 'remove') {
      const maskKey = typeof job.params.maskKey === 'string' ? job.params.maskKey : '';
      const mask = await readObject(deps, 'processed-images', maskKey);
      result = await unlessTakenBack(engine.inpaint(input, mask, { signal: controller.signal, onProgress }), queueSignal);
    } else {
      // the row's CHECK constraints hold the same lists; a row that escaped them fails as unsupported
      const { scale, mode } = job;
      if (!isUpscaleFactor(scale)) throw Object.assign(new Error(msg('enhanceNoScale')), { code: 'UNSUPPORTED_INPUT' });
      if (!isEnhancementMode(mode)) throw Object.assign(new Error(msg('enhanceNoMode')), { code: 'UNSUPPORTED_INPUT' });
      result = await unlessTakenBack(
        engine.enhance(input, { scale, mode, params: modeParams(job.params), outputSize: outputSizeOf(job.params) }, { signal: controller.signal, onProgress }),
        queueSignal,
      );
    }
    await persisting;
    if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
    const inputSize = await deps.imaging.probe(input).catch(() => null);
    deps.metrics.engineRun({
      network: result.model ?? `inpaint-${result.method ?? 'unknown'}`,
      inputMegapixels: inputSize ? (inputSize.width * inputSize.height) / 1e6 : 0,
      seconds: (Date.now() - engineStarted) / 1000,
    });

    const ext = extensionFor(result.format);
    const baseName = safeStem(source.originalName ?? 'image');
    const bucket: Bucket = job.workflowType === 'remove' ? 'user-images' : 'enhanced-images';
    // removal results go where seed 001 §7.4 puts them; enhancements to enhanced-images (private, like every bucket)
    const key =
      job.workflowType === 'remove'
        ? processedKey(job.userId, source.originalName ?? 'image', result.format, deps.clock())
        : `${job.userId}/${job.id}-${baseName}-x${job.scale}-${job.mode}.${ext}`;
    // an earlier attempt of this job that died while saving its result (a killed worker) left its file, preview or row
    // at this key, which names the job: they go, and the result is stored again
    await deleteImageByPath(deps.db, bucket, key);
    await deps.storage.delete(bucket, key);
    await deps.storage.delete(bucket, thumbnailKeyFor(key));
    stored = { bucket, key };
    await deps.storage.put(bucket, key, result.data, { contentType: CONTENT_TYPES[result.format] ?? 'application/octet-stream' });
    // and its preview for the canvas
    await deps.storage.put(bucket, thumbnailKeyFor(key), await deps.imaging.preview(result.data, RESULT_PREVIEW_MAX_SIDE), { contentType: 'image/webp' });
    const row = await insertImage(deps.db, {
      userId: job.userId,
      bucket,
      path: key,
      originalName: `${baseName}.${ext}`,
      width: result.width,
      height: result.height,
      bytes: result.data.length,
      format: result.format,
      sourceImageId: source.id,
    });
    stored = { bucket, key, imageId: row.id };
    // a storage path, never an address: the job is signed for its owner each time it is shown (present-job.ts)
    const processedImageUrl = `${bucket}/${key}`;
    const completed = await completeJob(deps, job.id, { processedImageUrl, resultImageId: row.id });
    if (!completed) throw new Error('job ended before its result was saved');
    log.info({ ms: Date.now() - started, width: result.width, height: result.height }, 'job completed');
    outcome = 'completed';
    stored = undefined;
    await notifyProcessingComplete(deps, job.userId);
  } catch (err) {
    await persisting.catch(() => {});
    if (stored) {
      // nothing is kept for a job that did not complete
      if (stored.imageId) await deleteImageById(deps.db, stored.imageId).catch(() => {});
      await deps.storage.delete(stored.bucket, stored.key).catch(() => {});
      await deps.storage.delete(stored.bucket, thumbnailKeyFor(stored.key)).catch(() => {});
    }
    const status = await findJobStatus(deps.db, jobId);
    if (status !== 'processing') {
      outcome = 'ended_elsewhere';
      log.info({ status }, 'job stopped: it was ended elsewhere');
      return;
    }
    if (queueSignal.aborted) {
      // the queue takes the job back (shutdown or expiry): it runs again on a worker, nothing was charged
      outcome = 'handed_back';
      await returnJobToQueue(deps, jobId).catch(() => {});
      log.info({ reason: String(queueSignal.reason?.message ?? queueSignal.reason) }, 'job handed back to the queue');
      throw new JobHandedBack(err);
    }
    log.warn({ err }, 'job failed');
    await failJob(deps, jobId, failureMessage(err, job.workflowType));
    await notifyProcessingComplete(deps, job.userId);
  } finally {
    deps.metrics.jobFinished({ ...counted, outcome, busySeconds: (Date.now() - started) / 1000 });
    unsubscribe();
    queueSignal.removeEventListener('abort', abortOnQueue);
  }
}
