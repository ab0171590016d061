import { Readable } from 'node:stream';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { contract, type RouteContract } from '../http/contract.js';
import { AppError } from '../errors.js';
import { clientIp } from '../auth/client-ip.js';
import { isLoopbackAddress, requestOrigin } from '../http/public-origin.js';
import { consumeRateLimit } from '../services/security/rate-limit.js';
import { authenticateWorker, recordWorkerSeen, type WorkerTokenRow } from '../services/workers/worker-tokens.js';
import { claimJob, completeClaim, failClaim, heartbeat, readClaimFile, receiveResult, reportProgress } from '../services/workers/remote-claims.js';
import { fill } from '@shared/messages.js';
import {
  ClaimRequest,
  ClaimResponse,
  CompleteRequest,
  CompleteResponse,
  ENGINE_VERSION,
  FailRequest,
  FailResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  ProgressRequest,
  ProgressResponse,
  WORKER_CALLS_PER_MINUTE,
  WORKER_ENGINE_HEADER,
  WORKER_PROTOCOL_HEADER,
  WORKER_PROTOCOL_VERSION,
  workerMessages,
} from '@shared/api/workers.js';

type WorkerEnv = { Variables: AppEnv['Variables'] & { worker: WorkerTokenRow } };

const ClaimParam = z.object({ claimId: z.uuid() });
const ResultQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });

/** Plain HTTP carries the token in the clear: only HTTPS, or a worker on this machine itself. */
function overHttpsOrLoopback(c: Parameters<MiddlewareHandler<WorkerEnv>>[0]): boolean {
  const { TRUST_PROXY } = c.var.deps.config;
  return new URL(requestOrigin(c.req.raw, TRUST_PROXY)).protocol === 'https:' || isLoopbackAddress(clientIp(c, TRUST_PROXY));
}

/** The versions a worker speaks: another protocol or engine version is refused with 426 and what to update. */
function versionProblem(c: Parameters<MiddlewareHandler<WorkerEnv>>[0]): string | null {
  const protocol = c.req.header(WORKER_PROTOCOL_HEADER);
  if (protocol !== String(WORKER_PROTOCOL_VERSION)) return fill(workerMessages.protocol, { theirs: protocol ?? 'none', ours: WORKER_PROTOCOL_VERSION });
  const engine = c.req.header(WORKER_ENGINE_HEADER);
  if (engine !== String(ENGINE_VERSION)) return fill(workerMessages.engine, { theirs: engine ?? 'none', ours: ENGINE_VERSION });
  return null;
}

/**
 * Every call but the result upload (which its signed URL authorises): HTTPS, the protocol and engine versions, a
 * known and unrevoked token, and the token's rate. A revoked token is refused on its very next call.
 */
const requireWorker: MiddlewareHandler<WorkerEnv> = async (c, next) => {
  const deps = c.var.deps;
  if (!overHttpsOrLoopback(c)) throw new AppError('HTTPS_REQUIRED', 403, workerMessages.plainHttp);
  const problem = versionProblem(c);
  if (problem) throw new AppError('WORKER_OUTDATED', 426, problem);
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw new AppError('UNAUTHORIZED', 401, workerMessages.missingToken);
  const auth = await authenticateWorker(deps.db, token);
  if (!auth.ok)
    throw new AppError(
      auth.reason === 'revoked' ? 'TOKEN_REVOKED' : 'UNAUTHORIZED',
      401,
      workerMessages[auth.reason === 'revoked' ? 'revokedToken' : 'unknownToken'],
    );
  const rate = await consumeRateLimit(deps, `worker:${auth.worker.id}`, { max: WORKER_CALLS_PER_MINUTE, window: 60 });
  if (!rate.allowed) throw new AppError('RATE_LIMITED', 429, workerMessages.rateLimited, { retryAfter: rate.retryAfter });
  c.set('worker', auth.worker);
  await next();
};

/** GET of a claim's input or mask by its signed URL (no token: the URL names one claim and one file, and expires). */
function claimFileRoute(file: 'input' | 'mask') {
  return [
    contract({
      summary: file === 'input' ? 'A claimed job’s input image, by its signed URL' : 'A claimed removal’s mask, by its signed URL',
      tag: 'workers',
      access: 'public',
      responses: { 200: { media: 'image/*', description: 'The stored bytes' } },
    }),
    validate('param', ClaimParam),
    validate('query', ResultQuery),
    async (c: Context<WorkerEnv>) => {
      if (!overHttpsOrLoopback(c)) throw new AppError('HTTPS_REQUIRED', 403, workerMessages.plainHttp);
      const obj = await readClaimFile(c.var.deps, c.req.param('claimId')!, file, c.req.query() as { exp?: string; sig?: string });
      return c.body(Readable.toWeb(obj.body) as ReadableStream, 200, {
        'Content-Type': obj.contentType,
        'Content-Length': String(obj.size),
        'Cache-Control': 'no-store',
      });
    },
  ] as const;
}

const workerContract = (summary: string, responses: RouteContract['responses']): RouteContract => ({ summary, tag: 'workers', access: 'worker', responses });

/**
 * /api/worker/v1: remote workers (a GPU box behind a studio's router) take jobs from the one queue, report progress and
 * hand in results over HTTPS with a bearer token, holding no database or storage credentials. Every call is safe to
 * retry over a flaky link.
 */
export const workerApiRoute = new Hono<WorkerEnv>()
  .get('/claims/:claimId/input', ...claimFileRoute('input'))
  .get('/claims/:claimId/mask', ...claimFileRoute('mask'))
  .put(
    '/claims/:claimId/result',
    contract({
      summary: 'Upload a claimed job’s result to its signed URL',
      tag: 'workers',
      access: 'public',
      body: { media: 'image/*', schema: z.string(), description: 'The result’s bytes (PNG, JPEG or WebP)' },
      responses: { 204: null },
    }),
    validate('param', ClaimParam),
    validate('query', ResultQuery),
    async (c) => {
      if (!overHttpsOrLoopback(c)) throw new AppError('HTTPS_REQUIRED', 403, workerMessages.plainHttp);
      const body = c.req.raw.body;
      if (!body) throw new AppError('RESULT_MISSING', 400, workerMessages.resultMissing);
      const contentType = c.req.header('content-type') ?? 'application/octet-stream';
      await receiveResult(c.var.deps, c.req.valid('param').claimId, c.req.valid('query'), Readable.fromWeb(body as never), contentType);
      return c.body(null, 204);
    },
  )
  .use('*', requireWorker)
  .post(
    '/claim',
    contract(workerContract('Take the next job (waits up to 25 s)', { 200: ClaimResponse, 204: null })),
    validate('json', ClaimRequest),
    async (c) => {
      const body = c.req.valid('json');
      await recordWorkerSeen(c.var.deps, c.var.worker.id, body);
      const claim = await claimJob(c.var.deps, c.var.worker, { waitSeconds: body.waitSeconds, claimKey: body.claimKey, signal: c.req.raw.signal });
      return claim ? c.json(claim, 200) : c.body(null, 204);
    },
  )
  .post(
    '/claims/:claimId/progress',
    contract(workerContract('Report a claimed job’s progress', { 200: ProgressResponse })),
    validate('param', ClaimParam),
    validate('json', ProgressRequest),
    async (c) => c.json(await reportProgress(c.var.deps, c.var.worker, c.req.valid('param').claimId, c.req.valid('json')), 200),
  )
  .post(
    '/claims/:claimId/complete',
    contract(workerContract('Complete a claimed job with its uploaded result', { 200: CompleteResponse })),
    validate('param', ClaimParam),
    validate('json', CompleteRequest),
    async (c) => c.json(await completeClaim(c.var.deps, c.var.worker, c.req.valid('param').claimId, c.req.valid('json')), 200),
  )
  .post(
    '/claims/:claimId/fail',
    contract(workerContract('Fail a claimed job, or hand it back to the queue', { 200: FailResponse })),
    validate('param', ClaimParam),
    validate('json', FailRequest),
    async (c) => c.json(await failClaim(c.var.deps, c.var.worker, c.req.valid('param').claimId, c.req.valid('json')), 200),
  )
  .post('/heartbeat', contract(workerContract('Keep the claimed jobs alive', { 200: HeartbeatResponse })), validate('json', HeartbeatRequest), async (c) => {
    const body = c.req.valid('json');
    await recordWorkerSeen(c.var.deps, c.var.worker.id, body);
    return c.json(await heartbeat(c.var.deps, c.var.worker, body.claims), 200);
  });
