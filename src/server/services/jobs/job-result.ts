import type { Deps } from '@server/deps.js';
import type { JobRow } from './job-dto.js';
import { completeJob, failJob } from './job-lifecycle.js';
import { notifyProcessingComplete } from '../notifications/user-notifications.js';
import { msg } from '@shared/messages.js';
import { maskEditorMessages } from '@shared/mask-editor-messages.js';
import { processedKey, safeStem, extensionFor, thumbnailKeyFor } from '../storage/paths.js';
import { RESULT_PREVIEW_MAX_SIDE } from '@shared/limits.js';
import type { Bucket } from '@shared/url-checks.js';
import { deleteImageById, deleteImageByPath, findImageById, insertImage, type ImageRow } from '@server/repositories/images-repository.js';
import { fillsTriedBefore } from './tried-fills.js';

/**
 * What a job's engine run produced, wherever it ran: in this process's engine thread, or on a remote worker that
 * uploaded it. Everything after this point (where it is stored, its preview, its row, the charge) is the same.
 */
export interface EngineResult {
  data: Buffer;
  width: number;
  height: number;
  format: string;
  model?: string;
  method?: string;
}

type ResultDeps = Pick<Deps, 'db' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'mailer' | 'imaging' | 'queue'>;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', webp: 'image/webp' };

/** The image a job works on; a job whose image is gone fails as unsupported. */
export async function jobSource(deps: Pick<Deps, 'db'>, job: JobRow): Promise<ImageRow> {
  const source = job.targetImageId ? await findImageById(deps.db, job.targetImageId) : null;
  if (!source) throw Object.assign(new Error(msg('enhanceNoSource')), { code: 'UNSUPPORTED_INPUT' });
  return source;
}

/** The storage location of a removal job's mask. */
export function maskKeyOf(job: JobRow): string {
  return typeof job.params.maskKey === 'string' ? job.params.maskKey : '';
}

export async function readObject(deps: Pick<Deps, 'storage'>, bucket: Bucket, key: string): Promise<Buffer> {
  const obj = await deps.storage.get(bucket, key);
  if (!obj) throw new Error(`source object missing: ${bucket}/${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of obj.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Where a job's result is stored: removals where seed 001 §7.4 puts them, enhancements in enhanced-images. */
function resultLocation(deps: Pick<Deps, 'clock'>, job: JobRow, source: ImageRow, format: string): { bucket: Bucket; key: string } {
  if (job.workflowType === 'remove') return { bucket: 'user-images', key: processedKey(job.userId, source.originalName ?? 'image', format, deps.clock()) };
  const baseName = safeStem(source.originalName ?? 'image');
  return { bucket: 'enhanced-images', key: `${job.userId}/${job.id}-${baseName}-x${job.scale}-${job.mode}.${extensionFor(format)}` };
}

export type SaveOutcome = 'saved' | 'ended' | 'same_fill';

/** Try another fill that came out the same as a fill it follows. */
const SAME_FILL = 'SAME_FILL';

/**
 * Try another fill whose result has the same bytes as a fill it follows and the user still has: the one it was tried
 * against, or one before that (a surface filled by diffusion, or by the one copy that continues it, or a regular
 * surface with few repeats to draw from). A stored file is read only when its size is the same.
 */
async function sameAsTriedFill(deps: ResultDeps, job: JobRow, result: EngineResult): Promise<boolean> {
  for (const tried of await fillsTriedBefore(deps, job)) {
    // a fill that is gone (its version deleted or in the trash) is not one the user has
    const image = tried.resultImageId ? await findImageById(deps.db, tried.resultImageId) : null;
    if (!image || image.deletedAt || image.bytes !== result.data.length) continue;
    const previous = await readObject(deps, image.bucket as Bucket, image.path).catch(() => null);
    if (previous?.equals(result.data)) return true;
  }
  return false;
}

/**
 * Stores a job's result with its preview and row, and completes the job, which turns its reservation into a charge
 * ('saved'). 'ended' when the job was ended meanwhile (cancelled); 'same_fill' when Try another fill came out the same
 * as a fill it follows and the job is failed here with a message saying so: in both nothing is kept and nothing
 * charged. A throw leaves nothing stored either, and the caller decides whether the attempt runs again.
 */
export async function saveJobResult(deps: ResultDeps, job: JobRow, source: ImageRow, result: EngineResult): Promise<SaveOutcome> {
  if (await sameAsTriedFill(deps, job, result)) {
    deps.logger.info({ jobId: job.id, triedAgainst: job.params.anotherFillOf }, 'another fill came out the same as a fill it follows: not kept, not charged');
    await failJobRun(deps, job, SAME_FILL, maskEditorMessages.anotherFillSame);
    return 'same_fill';
  }
  const { bucket, key } = resultLocation(deps, job, source, result.format);
  // an earlier attempt of this job that died while saving its result (a killed worker) left its file, preview or row
  // at this key, which names the job: they go, and the result is stored again
  await deleteImageByPath(deps.db, bucket, key);
  await deps.storage.delete(bucket, key);
  await deps.storage.delete(bucket, thumbnailKeyFor(key));
  let imageId: string | undefined;
  try {
    await deps.storage.put(bucket, key, result.data, { contentType: CONTENT_TYPES[result.format] ?? 'application/octet-stream' });
    // and its preview for the canvas
    await deps.storage.put(bucket, thumbnailKeyFor(key), await deps.imaging.preview(result.data, RESULT_PREVIEW_MAX_SIDE), { contentType: 'image/webp' });
    const row = await insertImage(deps.db, {
      userId: job.userId,
      bucket,
      path: key,
      originalName: `${safeStem(source.originalName ?? 'image')}.${extensionFor(result.format)}`,
      width: result.width,
      height: result.height,
      bytes: result.data.length,
      format: result.format,
      sourceImageId: source.id,
    });
    imageId = row.id;
    // a storage path, never an address: the job is signed for its owner each time it is shown (present-job.ts)
    const completed = await completeJob(deps, job.id, { processedImageUrl: `${bucket}/${key}`, resultImageId: row.id });
    if (!completed) throw new JobEndedElsewhere();
  } catch (err) {
    // nothing is kept for a job that did not complete
    if (imageId) await deleteImageById(deps.db, imageId).catch(() => {});
    await deps.storage.delete(bucket, key).catch(() => {});
    await deps.storage.delete(bucket, thumbnailKeyFor(key)).catch(() => {});
    if (err instanceof JobEndedElsewhere) return 'ended';
    throw err;
  }
  await notifyProcessingComplete(deps, job.userId);
  return 'saved';
}

class JobEndedElsewhere extends Error {
  constructor() {
    super('job ended before its result was saved');
  }
}

/** Failure codes whose message a user may see; anything else is logged and shown generically. */
export const USER_FACING_ENGINE_CODES = new Set(['TOO_LARGE', 'MASK_TOO_LARGE', 'MASK_EMPTY', 'UNSUPPORTED_INPUT', 'MASK_SIZE_MISMATCH', SAME_FILL]);

/** The message a failed job shows for an engine failure with this code and message. */
export function failureMessage(code: string | undefined, message: string, workflow: JobRow['workflowType']): string {
  if (code && USER_FACING_ENGINE_CODES.has(code)) return message;
  return workflow === 'remove' ? msg('processingFailedWith', { reason: 'the object could not be removed' }) : msg('enhanceFailed');
}

/** Ends a job whose engine run failed: its message shown, its credits released, its owner told when nothing else runs. */
export async function failJobRun(deps: ResultDeps, job: JobRow, code: string | undefined, message: string): Promise<void> {
  await failJob(deps, job.id, failureMessage(code, message, job.workflowType));
  await notifyProcessingComplete(deps, job.userId);
}
