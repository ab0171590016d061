import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, workerClaims, workerTokens } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { QueueName, TakenJob, TakenJobRef } from '@server/ports/job-queue.js';
import { resolveAuthSecret } from '@server/auth-secret.js';
import { imageEnhanceQueue } from '@server/queues/image-enhance.js';
import { imageRemoveQueue } from '@server/queues/image-remove.js';
import { markJobStarted, recordJobProgress, returnJobToQueue } from '../jobs/job-lifecycle.js';
import { phaseOfProgress } from '../jobs/process-image-job.js';
import type { JobPhaseKind } from '@shared/estimates.js';
import { engineRequestOf } from '../jobs/engine-request.js';
import { failJobRun, jobSource, maskKeyOf, readObject, saveJobResult, type SaveOutcome } from '../jobs/job-result.js';
import type { JobRow } from '../jobs/job-dto.js';
import type { WorkerTokenRow } from './worker-tokens.js';
import { WORKER_API_PREFIX, WORKER_URL_TTL_SECONDS, workerMessages, type ClaimResponse, type CompleteRequest } from '@shared/api/workers.js';
import type { Bucket } from '@shared/url-checks.js';
import type { StoredObject } from '@server/ports/storage.js';

export type ClaimDeps = Pick<Deps, 'db' | 'storage' | 'events' | 'logger' | 'clock' | 'config' | 'queue' | 'mailer' | 'imaging' | 'metrics'>;
type ClaimRow = typeof workerClaims.$inferSelect;

/** Removals first, as the local worker gives them a slot of their own: a quick fix is not stuck behind a long upscale. */
const IMAGE_QUEUES: QueueName[] = [imageRemoveQueue.name, imageEnhanceQueue.name];
/** Where a worker's uploaded result waits until its completion call stores it for good. */
const STAGING_BUCKET: Bucket = 'processed-images';
const stagingKey = (claimId: string) => `worker-results/${claimId}`;
const POLL_MS = 250;
const EAGER_POLL_MS = 20;

const refOf = (claim: ClaimRow): TakenJobRef => ({ queue: claim.queueName as QueueName, id: claim.queueJobId, retryCount: claim.attempt });
const gone = () => new AppError('CLAIM_GONE', 409, workerMessages.claimGone);

// ---------------------------------------------------------------- signed claim URLs

/**
 * A claim's files go through the server, whatever the storage: the worker needs to reach the server alone (an S3
 * endpoint on the server's private network is out of its reach), and each URL names one claim and one purpose.
 */
export type ClaimFile = 'input' | 'mask' | 'result';

function claimSignature(secret: string, claimId: string, file: ClaimFile, exp: number): string {
  return createHmac('sha256', secret).update(`worker-${file}:${claimId}:${exp}`).digest('base64url');
}

function signClaimUrl(deps: Pick<Deps, 'config' | 'clock'>, claimId: string, file: ClaimFile) {
  const exp = Math.floor(deps.clock().getTime() / 1000) + WORKER_URL_TTL_SECONDS;
  const sig = claimSignature(resolveAuthSecret(deps.config), claimId, file, exp);
  return { url: `${WORKER_API_PREFIX}/claims/${claimId}/${file}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
}

function verifyClaimUrl(deps: Pick<Deps, 'config' | 'clock'>, claimId: string, file: ClaimFile, query: { exp?: string; sig?: string }): boolean {
  const expiry = Number(query.exp);
  if (!Number.isInteger(expiry) || !query.sig || expiry * 1000 < deps.clock().getTime()) return false;
  const want = Buffer.from(claimSignature(resolveAuthSecret(deps.config), claimId, file, expiry));
  const got = Buffer.from(query.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

// ---------------------------------------------------------------- claims

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

async function openClaimsOf(deps: Pick<Deps, 'db'>, tokenId: string): Promise<ClaimRow[]> {
  return deps.db
    .select()
    .from(workerClaims)
    .where(and(eq(workerClaims.tokenId, tokenId), isNull(workerClaims.endedAt)));
}

async function endClaim(deps: Pick<Deps, 'db' | 'clock'>, claimId: string, outcome: NonNullable<ClaimRow['outcome']>) {
  await deps.db.update(workerClaims).set({ endedAt: deps.clock(), outcome }).where(eq(workerClaims.id, claimId));
}

/** What a worker needs to run a claim: the engine request, and fresh signed URLs for its input, mask and result. */
async function describeClaim(deps: ClaimDeps, claim: ClaimRow, job: JobRow): Promise<ClaimResponse> {
  const request = engineRequestOf(job);
  // the image must still be there: a job whose image is gone fails here, not on the worker
  await jobSource(deps, job);
  return {
    claimId: claim.id,
    jobId: job.id,
    request,
    input: signClaimUrl(deps, claim.id, 'input'),
    ...(request.workflow === 'remove' && { mask: signClaimUrl(deps, claim.id, 'mask') }),
    result: signClaimUrl(deps, claim.id, 'result'),
    heartbeatSeconds: deps.config.JOB_HEARTBEAT_SECONDS,
  };
}

/** Sets up one taken queue job for a worker: null when there is nothing to run (the job ended meanwhile, or it failed at once). */
async function prepareClaim(deps: ClaimDeps, worker: WorkerTokenRow, taken: TakenJob<unknown>, claimKey: string | undefined): Promise<ClaimResponse | null> {
  const jobId = (taken.data as { jobId?: unknown })?.jobId;
  if (typeof jobId !== 'string' || !/^[0-9a-f-]{36}$/i.test(jobId)) {
    deps.logger.error({ queue: taken.queue, queueJobId: taken.id }, 'job refused: malformed payload');
    await deps.queue.settle(taken, 'failed');
    return null;
  }
  const job = await markJobStarted(deps, jobId);
  if (!job) {
    // cancelled or ended while it waited: nothing to run
    await deps.queue.settle(taken, 'completed');
    return null;
  }
  // an earlier attempt's claim (its worker went silent) is over
  await deps.db
    .update(workerClaims)
    .set({ endedAt: deps.clock(), outcome: 'lost' })
    .where(and(eq(workerClaims.jobId, job.id), isNull(workerClaims.endedAt)));
  const [claim] = await deps.db
    .insert(workerClaims)
    .values({ tokenId: worker.id, jobId: job.id, queueName: taken.queue, queueJobId: taken.id, attempt: taken.retryCount, claimKey })
    .returning();
  deps.metrics.jobStarted({
    workflow: job.workflowType,
    mode: job.mode ?? job.workflowType,
    waitSeconds: (deps.clock().getTime() - job.createdAt.getTime()) / 1000,
  });
  try {
    const described = await describeClaim(deps, claim, job);
    deps.logger.info({ jobId: job.id, worker: worker.name, claimId: claim.id }, 'job claimed by a remote worker');
    return described;
  } catch (err) {
    // a job that cannot run anywhere (its image is gone, its row names no known mode) fails here, credits released
    deps.logger.warn({ err, jobId: job.id }, 'job failed');
    await failJobRun(deps, job, (err as { code?: string }).code, err instanceof Error ? err.message : String(err));
    await deps.queue.settle(taken, 'failed');
    await endClaim(deps, claim.id, 'failed');
    deps.metrics.jobFinished({ workflow: job.workflowType, mode: job.mode ?? job.workflowType, outcome: 'failed', busySeconds: 0 });
    return null;
  }
}

/**
 * The claim a repeated claim call (same key) made already: described again while it is open; 'ended' when it is over
 * (the call then takes a new job, under no key); null when the key is new.
 */
async function repeatedClaim(deps: ClaimDeps, worker: WorkerTokenRow, claimKey: string): Promise<ClaimResponse | 'ended' | null> {
  const [claim] = await deps.db
    .select()
    .from(workerClaims)
    .where(and(eq(workerClaims.tokenId, worker.id), eq(workerClaims.claimKey, claimKey)));
  if (!claim) return null;
  const job = claim.endedAt ? null : await jobOf(deps, claim);
  return job ? describeClaim(deps, claim, job) : 'ended';
}

/**
 * Takes the next job for a remote worker, waiting up to `waitSeconds` for one (a long poll): pg-boss stays the one
 * queue, and the job is taken from it on the worker's behalf. Null when none came, or when the worker already holds
 * as many jobs as its token allows. A worker with the `gpu` capability also takes the jobs that wait for a GPU.
 * The same call repeated with its `claimKey` answers the claim it made.
 */
export async function claimJob(
  deps: ClaimDeps,
  worker: WorkerTokenRow,
  opts: { waitSeconds: number; claimKey?: string; signal?: AbortSignal },
): Promise<ClaimResponse | null> {
  let claimKey = opts.claimKey;
  if (claimKey) {
    const again = await repeatedClaim(deps, worker, claimKey);
    if (again === 'ended') claimKey = undefined;
    else if (again) return again;
  }
  const includeDelayed = worker.capabilities.includes('gpu');
  const deadline = Date.now() + opts.waitSeconds * 1000;
  // a job that becomes waiting (created, or handed back) wakes the wait at once, as pg-boss's NOTIFY wakes a local
  // worker; the poll stays for jobs that become runnable without an event (a retry's delay, a GPU job's wait)
  // (the event of a new job comes just before its enqueue, so a wake looks again every 20 ms for a second)
  let wake = () => {};
  let eagerUntil = 0;
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type !== 'job' || (event.data as { status?: string }).status !== 'processing') return;
    eagerUntil = Date.now() + 1000;
    wake();
  });
  try {
    for (;;) {
      if ((await openClaimsOf(deps, worker.id)).length >= worker.maxConcurrency) return null;
      const taken = await deps.queue.take<unknown>(IMAGE_QUEUES, { includeDelayed });
      if (taken) {
        const claim = await prepareClaim(deps, worker, taken, claimKey);
        if (claim) return claim;
        continue;
      }
      if (Date.now() >= deadline || opts.signal?.aborted) return null;
      const woken = new AbortController();
      wake = () => woken.abort();
      const pause = Date.now() < eagerUntil ? EAGER_POLL_MS : POLL_MS;
      await sleep(Math.min(pause, deadline - Date.now()), opts.signal ? AbortSignal.any([opts.signal, woken.signal]) : woken.signal);
    }
  } finally {
    unsubscribe();
  }
}

/**
 * A claim of this worker that still runs: its queue attempt is alive (and kept alive by this call). A claim that has
 * ended, or whose attempt the queue took back, is refused with 409 and the worker stops it.
 */
async function liveClaim(deps: ClaimDeps, worker: WorkerTokenRow, claimId: string): Promise<ClaimRow> {
  const [claim] = await deps.db
    .select()
    .from(workerClaims)
    .where(and(eq(workerClaims.id, claimId), eq(workerClaims.tokenId, worker.id)));
  if (!claim || claim.endedAt) throw gone();
  if (!(await deps.queue.touch(refOf(claim)))) {
    await endClaim(deps, claim.id, 'lost');
    throw gone();
  }
  await deps.db.update(workerClaims).set({ heartbeatAt: deps.clock() }).where(eq(workerClaims.id, claim.id));
  return claim;
}

async function jobOf(deps: Pick<Deps, 'db'>, claim: ClaimRow): Promise<JobRow | null> {
  const [job] = await deps.db.select().from(imageJobs).where(eq(imageJobs.id, claim.jobId));
  return job ?? null;
}

/** Progress of a claimed job; `proceed: false` when the job stopped processing (cancelled): the worker stops its run. */
export async function reportProgress(
  deps: ClaimDeps,
  worker: WorkerTokenRow,
  claimId: string,
  p: { fraction: number; etaMs: number | null; tilesDone?: number; tilesTotal?: number; phase?: JobPhaseKind },
): Promise<{ proceed: boolean }> {
  const claim = await liveClaim(deps, worker, claimId);
  const proceed = await recordJobProgress(deps, claim.jobId, p.fraction, p.etaMs, true, phaseOfProgress(p));
  return { proceed };
}

/** The claims a worker still holds among those it names; the others are lost to it (it stops them). */
export async function heartbeat(deps: ClaimDeps, worker: WorkerTokenRow, claimIds: string[]): Promise<{ lost: string[] }> {
  const lost: string[] = [];
  for (const id of claimIds) {
    try {
      const claim = await liveClaim(deps, worker, id);
      const job = await jobOf(deps, claim);
      if (job?.status !== 'processing') lost.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      lost.push(id);
    }
  }
  return { lost };
}

/** A claimed job's input image or mask at its signed URL, while the claim is open. */
export async function readClaimFile(deps: ClaimDeps, claimId: string, file: 'input' | 'mask', query: { exp?: string; sig?: string }): Promise<StoredObject> {
  if (!verifyClaimUrl(deps, claimId, file, query)) throw new AppError('FORBIDDEN', 403, workerMessages.badSignature);
  const [claim] = await deps.db.select().from(workerClaims).where(eq(workerClaims.id, claimId));
  const job = claim && !claim.endedAt ? await jobOf(deps, claim) : null;
  if (!job) throw gone();
  const { bucket, key } =
    file === 'input' ? await jobSource(deps, job).then((s) => ({ bucket: s.bucket as Bucket, key: s.path })) : { bucket: STAGING_BUCKET, key: maskKeyOf(job) };
  const obj = await deps.storage.get(bucket, key);
  if (!obj) throw new AppError('NOT_FOUND', 404, 'File not found');
  return obj;
}

/** Receives a claimed job's result at its signed URL; it waits in staging until the completion call. */
export async function receiveResult(deps: ClaimDeps, claimId: string, query: { exp?: string; sig?: string }, body: Readable, contentType: string) {
  if (!verifyClaimUrl(deps, claimId, 'result', query)) throw new AppError('FORBIDDEN', 403, workerMessages.badSignature);
  const [claim] = await deps.db.select().from(workerClaims).where(eq(workerClaims.id, claimId));
  if (!claim || claim.endedAt) throw gone();
  const key = stagingKey(claimId);
  await deps.storage.put(STAGING_BUCKET, key, body, { contentType, overwrite: true });
  await deps.db.update(workerClaims).set({ resultKey: key, heartbeatAt: deps.clock() }).where(eq(workerClaims.id, claimId));
}

const finished = (deps: ClaimDeps, job: JobRow, outcome: 'completed' | 'failed' | 'handed_back' | 'ended_elsewhere') =>
  deps.metrics.jobFinished({
    workflow: job.workflowType,
    mode: job.mode ?? job.workflowType,
    outcome,
    busySeconds: job.startedAt ? (deps.clock().getTime() - job.startedAt.getTime()) / 1000 : 0,
  });

/** How a claim and its job end after the result is saved; Try another fill that came out the same failed the job there. */
const CLAIM_OUTCOME = { saved: 'completed', same_fill: 'failed', ended: 'lost' } as const satisfies Record<SaveOutcome, string>;
const JOB_OUTCOME = { saved: 'completed', same_fill: 'failed', ended: 'ended_elsewhere' } as const satisfies Record<SaveOutcome, string>;

/**
 * Completes a claimed job with the result it uploaded: stored, previewed and charged exactly as a local worker's
 * result is (saveJobResult). Safe to call again: a completed claim answers as it did the first time.
 */
export async function completeClaim(
  deps: ClaimDeps,
  worker: WorkerTokenRow,
  claimId: string,
  body: CompleteRequest,
): Promise<{ status: 'completed' | 'ended_elsewhere' }> {
  // one completion at a time per claim: a retried call while the first is still storing waits for it
  const [mine] = await deps.db
    .update(workerClaims)
    .set({ outcome: 'completed' })
    .where(and(eq(workerClaims.id, claimId), eq(workerClaims.tokenId, worker.id), isNull(workerClaims.outcome)))
    .returning();
  if (!mine) return repeatedCompletion(deps, worker, claimId, body);
  try {
    const claim = await liveClaim(deps, worker, claimId).catch(async (err) => {
      await deps.db.update(workerClaims).set({ outcome: 'lost', endedAt: deps.clock() }).where(eq(workerClaims.id, claimId));
      throw err;
    });
    if (!claim.resultKey) throw new AppError('RESULT_MISSING', 400, workerMessages.resultMissing);
    const job = await jobOf(deps, claim);
    if (!job) throw gone();
    const data = await readObject(deps, STAGING_BUCKET, claim.resultKey);
    const probed = await deps.imaging.probe(data);
    if (!probed) throw new AppError('RESULT_UNREADABLE', 400, 'The uploaded result is not an image this server can read.');
    const saved = await saveJobResult(deps, job, await jobSource(deps, job), { data, ...probed, model: body.model, method: body.method });
    await deps.queue.settle(refOf(claim), 'completed');
    await endClaim(deps, claim.id, CLAIM_OUTCOME[saved]);
    await deps.storage.delete(STAGING_BUCKET, claim.resultKey);
    if (saved === 'saved') {
      await deps.db
        .update(workerTokens)
        .set({
          jobsDone: sql`${workerTokens.jobsDone} + 1`,
          megapixelsDone: sql`${workerTokens.megapixelsDone} + ${body.inputMegapixels}`,
          busySeconds: sql`${workerTokens.busySeconds} + ${body.engineSeconds}`,
        })
        .where(eq(workerTokens.id, worker.id));
      deps.metrics.engineRun({
        network: body.model ?? `inpaint-${body.method ?? 'unknown'}`,
        inputMegapixels: body.inputMegapixels,
        seconds: body.engineSeconds,
      });
      deps.logger.info({ jobId: job.id, worker: worker.name, width: probed.width, height: probed.height }, 'job completed');
    }
    finished(deps, job, JOB_OUTCOME[saved]);
    return { status: saved === 'saved' ? 'completed' : 'ended_elsewhere' };
  } catch (err) {
    // the completion can be tried again, unless the claim was lost
    await deps.db
      .update(workerClaims)
      .set({ outcome: null })
      .where(and(eq(workerClaims.id, claimId), isNull(workerClaims.endedAt)));
    throw err;
  }
}

/** A completion asked for again: the answer of the first once it is stored, or this call becomes the completion if the first gave up. */
async function repeatedCompletion(
  deps: ClaimDeps,
  worker: WorkerTokenRow,
  claimId: string,
  body: CompleteRequest,
): Promise<{ status: 'completed' | 'ended_elsewhere' }> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const [claim] = await deps.db
      .select()
      .from(workerClaims)
      .where(and(eq(workerClaims.id, claimId), eq(workerClaims.tokenId, worker.id)));
    if (!claim || (claim.endedAt && claim.outcome !== 'completed')) throw gone();
    if (claim.endedAt) return { status: 'completed' };
    if (claim.outcome === null) return completeClaim(deps, worker, claimId, body);
    await sleep(POLL_MS);
  }
  throw new AppError('CLAIM_BUSY', 409, 'This job’s result is still being stored; try again.');
}

/**
 * A claimed job that did not complete: an engine failure fails the job (its message shown, credits released); a hand-
 * back (the worker is stopping) puts it back in the queue to run elsewhere, its attempt not counted. Safe to repeat.
 */
export async function failClaim(
  deps: ClaimDeps,
  worker: WorkerTokenRow,
  claimId: string,
  body: { kind: 'engine' | 'handback'; code?: string; message: string },
): Promise<{ status: 'failed' | 'handed_back' | 'ended_elsewhere' }> {
  const [ended] = await deps.db
    .select()
    .from(workerClaims)
    .where(and(eq(workerClaims.id, claimId), eq(workerClaims.tokenId, worker.id)));
  if (ended?.endedAt && (ended.outcome === 'failed' || ended.outcome === 'handed_back')) return { status: ended.outcome };
  const claim = await liveClaim(deps, worker, claimId);
  const job = await jobOf(deps, claim);
  if (!job || job.status !== 'processing') {
    await deps.queue.settle(refOf(claim), 'completed');
    await endClaim(deps, claim.id, 'lost');
    return { status: 'ended_elsewhere' };
  }
  if (body.kind === 'handback') {
    await handBack(deps, claim);
    finished(deps, job, 'handed_back');
    return { status: 'handed_back' };
  }
  deps.logger.warn({ jobId: job.id, worker: worker.name, code: body.code, reason: body.message }, 'job failed');
  await failJobRun(deps, job, body.code, body.message);
  await deps.queue.settle(refOf(claim), 'failed');
  await endClaim(deps, claim.id, 'failed');
  if (claim.resultKey) await deps.storage.delete(STAGING_BUCKET, claim.resultKey);
  finished(deps, job, 'failed');
  return { status: 'failed' };
}

async function handBack(deps: Pick<Deps, 'db' | 'clock' | 'queue' | 'events' | 'logger' | 'storage' | 'config'>, claim: ClaimRow) {
  await returnJobToQueue(deps, claim.jobId);
  await deps.queue.settle(refOf(claim), 'handed_back').catch(() => false);
  await endClaim(deps, claim.id, 'handed_back');
  if (claim.resultKey) await deps.storage.delete(STAGING_BUCKET, claim.resultKey).catch(() => {});
}

/** Gives back every job a worker token holds (it was revoked): each runs again elsewhere, nothing charged. */
export async function handBackClaims(
  deps: Pick<Deps, 'db' | 'clock' | 'queue' | 'events' | 'logger' | 'storage' | 'config'>,
  opts: { tokenId: string },
): Promise<number> {
  const open = await openClaimsOf(deps, opts.tokenId);
  for (const claim of open) await handBack(deps, claim);
  return open.length;
}

/**
 * Claims whose worker went silent for twice the heartbeat: the queue has taken their jobs back already (its own
 * heartbeat), so they are closed here, and their staged results removed. Run with the job maintenance.
 */
export async function closeSilentClaims(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>): Promise<number> {
  const cutoff = new Date(deps.clock().getTime() - 2 * deps.config.JOB_HEARTBEAT_SECONDS * 1000);
  const closed = await deps.db
    .update(workerClaims)
    .set({ endedAt: deps.clock(), outcome: 'lost' })
    .where(and(isNull(workerClaims.endedAt), lt(workerClaims.heartbeatAt, cutoff), isNull(workerClaims.outcome)))
    .returning();
  for (const c of closed) if (c.resultKey) await deps.storage.delete(STAGING_BUCKET, c.resultKey).catch(() => {});
  return closed.length;
}
