import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { apiIdempotency } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_SECONDS, apiKeyMessages } from '@shared/api/api-keys.js';

/** A stored answer: replayed as it was to the same request with the same key. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type IdempotencyStart = { kind: 'run' } | { kind: 'replay'; answer: StoredAnswer };

type IdemDeps = Pick<Deps, 'db' | 'clock'>;

/** The request's fingerprint: what it asks for, not how its bytes were framed (a multipart boundary changes per send). */
export function requestFingerprint(parts: unknown): string {
  return createHash('sha256').update(stableJson(parts)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export function checkIdempotencyKey(key: string): void {
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError('IDEMPOTENCY_KEY_INVALID', 400, apiKeyMessages.idempotencyKeyInvalid);
}

/**
 * Claims `key` for a request with this fingerprint, once per user: the first claim runs; the same key with the same
 * request replays the stored answer; with another request it is refused (422); while the first still runs, 409. A
 * claim older than IDEMPOTENCY_TTL_SECONDS is forgotten.
 */
export async function startIdempotent(deps: IdemDeps, userId: string, key: string, fingerprint: string): Promise<IdempotencyStart> {
  checkIdempotencyKey(key);
  const expired = new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
  await deps.db
    .delete(apiIdempotency)
    .where(and(eq(apiIdempotency.userId, userId), eq(apiIdempotency.idempotencyKey, key), lt(apiIdempotency.createdAt, expired)));
  const inserted = await deps.db
    .insert(apiIdempotency)
    .values({ userId, idempotencyKey: key, requestHash: fingerprint, createdAt: deps.clock() })
    .onConflictDoNothing()
    .returning({ id: apiIdempotency.id });
  if (inserted.length > 0) return { kind: 'run' };
  const [row] = await deps.db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.userId, userId), eq(apiIdempotency.idempotencyKey, key)));
  // gone between the two statements (its first request failed and let go of it): this one may run
  if (!row) return startIdempotent(deps, userId, key, fingerprint);
  if (row.requestHash !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, apiKeyMessages.idempotencyMismatch);
  if (row.responseStatus === null) throw new AppError('IDEMPOTENCY_IN_FLIGHT', 409, apiKeyMessages.idempotencyInFlight);
  return { kind: 'replay', answer: { status: row.responseStatus, body: row.responseBody, headers: row.responseHeaders ?? {} } };
}

/** Answers that may differ on a retry: too few credits (bought since), an in-flight conflict, a rate limit. */
const RETRYABLE_REFUSALS = new Set([402, 409, 429]);

/**
 * Stores the first request's answer for replays. An answer that may differ on a retry (a server error, too few
 * credits, a busy queue, a rate limit, an in-flight conflict) is not kept: the key is let go, so the client's retry
 * runs again — nothing was charged for it.
 */
export async function finishIdempotent(deps: IdemDeps, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  const where = and(eq(apiIdempotency.userId, userId), eq(apiIdempotency.idempotencyKey, key));
  if (answer.status >= 500 || RETRYABLE_REFUSALS.has(answer.status)) {
    await deps.db.delete(apiIdempotency).where(where);
    return;
  }
  await deps.db
    .update(apiIdempotency)
    .set({ responseStatus: answer.status, responseBody: answer.body as object, responseHeaders: answer.headers })
    .where(where);
}

/** Forgets Idempotency-Keys older than IDEMPOTENCY_TTL_SECONDS (the every-minute maintenance run); the number forgotten. */
export async function purgeExpiredIdempotencyKeys(deps: IdemDeps): Promise<number> {
  const expired = new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
  const gone = await deps.db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, expired)).returning({ id: apiIdempotency.id });
  return gone.length;
}
