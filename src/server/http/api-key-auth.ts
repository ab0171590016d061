import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.js';
import { AppError } from '../errors.js';
import { fill } from '@shared/messages.js';
import { apiKeyMessages, type ApiKeyScope } from '@shared/api/api-keys.js';
import { consumeRateLimit } from '../services/security/rate-limit.js';
import { authenticateApiKey, recordApiKeyUsed, type ApiKeyRow } from '../services/api-keys/api-keys.js';
import { finishIdempotent, startIdempotent } from '../services/api-keys/idempotency.js';

export type ApiEnv = { Variables: AppEnv['Variables'] & { apiKey: ApiKeyRow } };

/**
 * Every /api/v1 call but the reference: a known, unrevoked key (`Authorization: Bearer rl_live_…`) whose owner becomes
 * the request's user, and the key's rate (RATE_LIMIT_API_KEY, counted in the rate_limits table so it holds across
 * API instances), told on every answer with the IETF draft's `RateLimit-Policy` and `RateLimit` headers. A session
 * cookie is not looked at: the public API is the key's alone.
 */
export const requireApiKey: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const deps = c.var.deps;
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  c.set('user', null);
  if (!token) {
    c.header('WWW-Authenticate', 'Bearer');
    throw new AppError('UNAUTHORIZED', 401, apiKeyMessages.missingKey);
  }
  const auth = await authenticateApiKey(deps.db, token);
  if (!auth.ok) {
    c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw new AppError(
      auth.reason === 'revoked' ? 'API_KEY_REVOKED' : 'UNAUTHORIZED',
      401,
      apiKeyMessages[auth.reason === 'revoked' ? 'revokedKey' : 'unknownKey'],
    );
  }
  const rule = deps.config.RATE_LIMIT_API_KEY;
  const rate = await consumeRateLimit(deps, `api-key:${auth.key.id}`, rule);
  c.header('RateLimit-Policy', `"key";q=${rule.max};w=${rule.window}`);
  c.header('RateLimit', `"key";r=${Math.max(0, rule.max - rate.count)};t=${rate.retryAfter}`);
  if (!rate.allowed) throw new AppError('RATE_LIMITED', 429, fill(apiKeyMessages.rateLimited, { n: rate.retryAfter }), { retryAfter: rate.retryAfter });
  c.set('apiKey', auth.key);
  c.set('user', auth.user);
  await recordApiKeyUsed(deps, auth.key);
  await next();
};

/** The route needs this scope of the key: without it, 403 naming the scope. */
export const requireScope =
  (scope: ApiKeyScope): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    if (!c.var.apiKey.scopes.includes(scope)) throw new AppError('SCOPE_MISSING', 403, fill(apiKeyMessages.scopeMissing, { scope }), { scope });
    await next();
  };

/** A refusal kept for replays: thrown again as the same AppError. */
interface StoredRefusal {
  code: string;
  message: string;
  details?: unknown;
}

/** The request's Idempotency-Key header, when it sent one. */
export const idempotencyKeyOf = (c: Context) => c.req.header('idempotency-key') ?? null;

/**
 * Runs `run` once per Idempotency-Key (when the request has one): the answer is stored, and the same key with the
 * same request (`fingerprint`) gets it again with `Idempotent-Replayed: true` — no second job, no second charge.
 * Another request under the same key is refused with 422; the same one while the first still runs with 409.
 */
export async function idempotent(
  c: Context<ApiEnv>,
  fingerprint: string,
  run: () => Promise<{ status: 200 | 201 | 202; body: unknown; headers?: Record<string, string> }>,
): Promise<Response> {
  const key = idempotencyKeyOf(c);
  const user = c.var.user!;
  const deps = c.var.deps;
  if (key === null) {
    const answer = await run();
    return c.json(answer.body as object, answer.status, answer.headers);
  }
  const start = await startIdempotent(deps, user.id, key, fingerprint);
  if (start.kind === 'replay') {
    const { status, body, headers } = start.answer;
    c.header('Idempotent-Replayed', 'true');
    if (status >= 400) {
      const e = body as StoredRefusal;
      throw new AppError(e.code, status as ContentfulStatusCode, e.message, e.details);
    }
    return c.json(body as object, status as 200, headers);
  }
  try {
    const answer = await run();
    await finishIdempotent(deps, user.id, key, { status: answer.status, body: answer.body, headers: answer.headers ?? {} });
    return c.json(answer.body as object, answer.status, answer.headers);
  } catch (err) {
    // a refusal is an answer too (no credits, a busy image): the same request gets it again; a crash lets go of the key
    if (err instanceof AppError && err.status < 500)
      await finishIdempotent(deps, user.id, key, {
        status: err.status,
        body: { code: err.code, message: err.message, details: err.details } satisfies StoredRefusal,
        headers: {},
      });
    else await finishIdempotent(deps, user.id, key, { status: 500, body: null, headers: {} });
    throw err;
  }
}

/** The rate-limit headers every answer of the public API carries, as its contracts document them. */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': 'The key’s limit: "key";q=<requests>;w=<seconds>',
  RateLimit: 'What is left of it: "key";r=<remaining>;t=<seconds until the window restarts>',
};
