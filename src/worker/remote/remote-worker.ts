/**
 * A remote worker: takes jobs from a Renderlift server over HTTPS with its token, runs them on this machine's engine,
 * reports progress and hands in results. It holds no database or storage credentials; the server does everything
 * else (the queue, the charge, the stored result) exactly as for its own workers.
 */
import type { Engine } from '@engine/index.js';
import type { Logger } from '@server/logger.js';
import type { ClaimResponse } from '@shared/api/workers.js';
import type { JobPhaseKind } from '@shared/estimates.js';
import { ClaimGone, WorkerRefused, type WorkerApiClient } from './worker-api-client.js';

export interface RemoteWorkerOptions {
  client: WorkerApiClient;
  engine: Pick<Engine, 'enhance' | 'inpaint'>;
  /** Jobs run at once (the token's limit caps it on the server). */
  concurrency: number;
  logger: Logger;
  /** The input's size, for the throughput the server shows. */
  probe: (data: Buffer) => Promise<{ width: number; height: number }>;
  /** How long one claim call waits on the server for a job. */
  claimWaitSeconds?: number;
}

export interface RemoteWorker {
  /** Settles when the worker has stopped: with the server's refusal when it was refused (revoked token, old version). */
  stopped: Promise<WorkerRefused | null>;
  /** Hands running jobs back to the server and stops. */
  stop(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', webp: 'image/webp' };
const PROGRESS_EVERY_MS = 1000;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function startRemoteWorker(opts: RemoteWorkerOptions): RemoteWorker {
  const { client, engine, logger } = opts;
  const stopping = new AbortController();
  const running = new Map<string, { controller: AbortController; jobId: string }>();
  let refused: WorkerRefused | null = null;
  let heartbeatMs = 10_000;

  const refuse = (err: WorkerRefused) => {
    if (!refused) logger.error({ status: err.status, code: err.code }, err.message);
    refused ??= err;
    stopping.abort(err);
    for (const r of running.values()) r.controller.abort(err);
  };

  async function run(claim: ClaimResponse): Promise<void> {
    const controller = new AbortController();
    running.set(claim.claimId, { controller, jobId: claim.jobId });
    heartbeatMs = Math.max(1000, (claim.heartbeatSeconds * 1000) / 3);
    const log = logger.child({ jobId: claim.jobId, claimId: claim.claimId });
    log.info({ workflow: claim.request.workflow }, 'job started');
    let phase: 'download' | 'engine' | 'upload' = 'download';
    let lastProgress = 0;
    const told: { phase: JobPhaseKind | undefined } = { phase: 'loading' };
    let reporting: Promise<void> = Promise.resolve();
    const onProgress = (p: { fraction: number; etaMs: number | null; tilesDone?: number; tilesTotal?: number; phase?: JobPhaseKind }) => {
      const now = Date.now();
      // a new phase is always told, so the card says 'Loading model', the tiles, then 'Saving'
      const newPhase = p.phase !== told.phase;
      told.phase = p.phase;
      if (now - lastProgress < PROGRESS_EVERY_MS && !newPhase) return;
      lastProgress = now;
      reporting = reporting.then(() =>
        client.progress(claim.claimId, { fraction: p.fraction, etaMs: p.etaMs, tilesDone: p.tilesDone, tilesTotal: p.tilesTotal, phase: p.phase }).then(
          (r) => {
            if (!r.proceed) controller.abort(new ClaimGone('the job was cancelled'));
          },
          (err: unknown) => {
            if (err instanceof WorkerRefused) refuse(err);
            else if (err instanceof ClaimGone) controller.abort(err);
            else log.warn({ err }, 'progress not reported');
          },
        ),
      );
    };
    const at = { claimed: Date.now(), engine: 0, upload: 0, complete: 0 };
    try {
      const input = await client.download(claim.input.url);
      const mask = claim.mask ? await client.download(claim.mask.url) : undefined;
      phase = 'engine';
      const started = (at.engine = Date.now());
      const control = { signal: AbortSignal.any([controller.signal, stopping.signal]), onProgress };
      const { request } = claim;
      const result =
        request.workflow === 'remove'
          ? await engine.inpaint(input, mask!, control, { seed: request.seed })
          : await engine.enhance(
              input,
              { scale: request.scale as never, mode: request.mode as never, params: request.params, outputSize: request.outputSize },
              control,
            );
      const engineSeconds = (Date.now() - started) / 1000;
      await reporting;
      if (control.signal.aborted) throw control.signal.reason;
      phase = 'upload';
      if (told.phase !== 'saving') onProgress({ fraction: 1, etaMs: null, phase: 'saving' });
      await reporting;
      at.upload = Date.now();
      const size = await opts.probe(input);
      await client.upload(claim.result.url, result.data, CONTENT_TYPES[result.format] ?? 'application/octet-stream');
      at.complete = Date.now();
      const done = await client.complete(claim.claimId, {
        width: result.width,
        height: result.height,
        format: result.format === 'jpg' ? 'jpeg' : (result.format as 'png' | 'jpeg' | 'webp'),
        model: 'model' in result ? (result.model as string | undefined) : undefined,
        method: 'method' in result ? (result.method as string | undefined) : undefined,
        inputMegapixels: (size.width * size.height) / 1e6,
        engineSeconds,
      });
      log.info(
        // where the time went: the input's download, the engine, the result's upload, the server storing it
        {
          status: done.status,
          ms: { download: at.engine - at.claimed, engine: at.upload - at.engine, upload: at.complete - at.upload, complete: Date.now() - at.complete },
          width: result.width,
          height: result.height,
        },
        done.status === 'completed' ? 'job completed' : 'job ended elsewhere',
      );
    } catch (err) {
      await reporting.catch(() => {});
      const reason = controller.signal.aborted ? controller.signal.reason : err;
      if (reason instanceof WorkerRefused || err instanceof WorkerRefused) return refuse((reason instanceof WorkerRefused ? reason : err) as WorkerRefused);
      if (reason instanceof ClaimGone || err instanceof ClaimGone) {
        log.info({ reason: (reason as Error).message }, 'job stopped: it is no longer this worker’s');
        return;
      }
      // stopping, or the server or the network failed us outside the engine: the job runs again elsewhere
      const kind = stopping.signal.aborted || phase !== 'engine' ? 'handback' : 'engine';
      const message = err instanceof Error ? err.message : String(err);
      if (kind === 'engine') log.warn({ err }, 'job failed');
      else log.info({ reason: message }, 'job handed back');
      await client.fail(claim.claimId, { kind, code: (err as { code?: string })?.code, message }).catch((e: unknown) => {
        if (e instanceof WorkerRefused) refuse(e);
        else log.warn({ err: e }, 'the server was not told; the job returns to the queue when its heartbeat lapses');
      });
    } finally {
      running.delete(claim.claimId);
    }
  }

  async function slot(): Promise<void> {
    while (!stopping.signal.aborted) {
      let claim: ClaimResponse | null;
      try {
        claim = await client.claim(opts.claimWaitSeconds ?? 20, stopping.signal);
      } catch (err) {
        if (stopping.signal.aborted) return;
        if (err instanceof WorkerRefused) return refuse(err);
        logger.warn({ err }, 'could not reach the server; trying again');
        await sleep(2000, stopping.signal);
        continue;
      }
      if (claim) await run(claim);
    }
  }

  // the claims held are kept alive between progress reports (a long tile, a slow upload) and dropped when lost
  const heartbeats = (async () => {
    let last = Date.now();
    while (!stopping.signal.aborted) {
      await sleep(1000, stopping.signal);
      if (running.size === 0 || Date.now() - last < heartbeatMs) continue;
      last = Date.now();
      try {
        const { lost } = await client.heartbeat([...running.keys()]);
        for (const id of lost) running.get(id)?.controller.abort(new ClaimGone('the job was taken back or ended'));
      } catch (err) {
        if (err instanceof WorkerRefused) refuse(err);
        else logger.warn({ err }, 'heartbeat not delivered');
      }
    }
  })();

  const slots = Array.from({ length: Math.max(1, opts.concurrency) }, () => slot());
  logger.info({ concurrency: opts.concurrency }, 'remote worker started');
  const stopped = Promise.all([...slots, heartbeats]).then(() => refused);
  return {
    stopped,
    async stop() {
      stopping.abort(new Error('worker stopping'));
      await stopped;
    },
  };
}
