import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import type { Db } from '@server/db/database.js';
import { workerClaims, workerTokens } from '@server/db/schema.js';
import { WORKER_CONNECTED_SECONDS, WORKER_TOKEN_PREFIX, type RunningJobDto, type WorkerTokenDto, type WorkerInfo } from '@shared/api/workers.js';
import { runningJobs } from './worker-presence.js';
import { handBackClaims } from './remote-claims.js';
import { hashSecretToken, newSecretToken } from '../security/secret-tokens.js';

export type WorkerTokenRow = typeof workerTokens.$inferSelect;

export const hashWorkerToken = hashSecretToken;

/** A new worker token: the secret is returned here once, and only its hash is kept. */
export async function createWorkerToken(
  deps: Pick<Deps, 'db'>,
  input: { name: string; capabilities?: readonly string[]; maxConcurrency?: number; createdBy?: string | null },
): Promise<{ token: string; row: WorkerTokenRow }> {
  const { token, hash, visible } = newSecretToken(WORKER_TOKEN_PREFIX);
  const [row] = await deps.db
    .insert(workerTokens)
    .values({
      name: input.name.trim(),
      tokenHash: hash,
      prefix: visible,
      capabilities: [...new Set(input.capabilities ?? [])],
      maxConcurrency: input.maxConcurrency ?? 1,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  return { token, row };
}

export type WorkerAuth = { ok: true; worker: WorkerTokenRow } | { ok: false; reason: 'unknown' | 'revoked' };

/** The token a worker presents, looked up by its hash. */
export async function authenticateWorker(db: Db, token: string): Promise<WorkerAuth> {
  const [row] = await db
    .select()
    .from(workerTokens)
    .where(eq(workerTokens.tokenHash, hashWorkerToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  return { ok: true, worker: row };
}

/** Remembers when a worker last called and what it said of itself. */
export async function recordWorkerSeen(deps: Pick<Deps, 'db' | 'clock'>, workerId: string, info: Partial<WorkerInfo>) {
  await deps.db
    .update(workerTokens)
    .set({ lastSeenAt: deps.clock(), ...(info.version && { lastVersion: info.version }), ...(info.provider && { lastProvider: info.provider }) })
    .where(eq(workerTokens.id, workerId));
}

/** Whether a worker with the `gpu` capability has called lately (jobs that prefer a GPU then wait for one first). */
export async function gpuWorkerConnected(deps: Pick<Deps, 'db' | 'clock'>): Promise<boolean> {
  const since = new Date(deps.clock().getTime() - WORKER_CONNECTED_SECONDS * 1000);
  const [row] = await deps.db
    .select({ id: workerTokens.id })
    .from(workerTokens)
    .where(and(isNull(workerTokens.revokedAt), gt(workerTokens.lastSeenAt, since), sql`${workerTokens.capabilities} @> '["gpu"]'::jsonb`))
    .limit(1);
  return Boolean(row);
}

export function toWorkerTokenDto(row: WorkerTokenRow, running: RunningJobDto[]): WorkerTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    capabilities: row.capabilities,
    maxConcurrency: row.maxConcurrency,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    version: row.lastVersion,
    provider: row.lastProvider,
    jobsDone: row.jobsDone,
    megapixelsPerSecond: row.busySeconds > 0 ? Math.round((row.megapixelsDone / row.busySeconds) * 1000) / 1000 : null,
    running,
  };
}

/** Every worker token, newest first, with the jobs each holds now. */
export async function listWorkerTokens(deps: Pick<Deps, 'db'>): Promise<WorkerTokenDto[]> {
  const rows = await deps.db.select().from(workerTokens).orderBy(desc(workerTokens.createdAt));
  const open = await deps.db.select({ tokenId: workerClaims.tokenId, jobId: workerClaims.jobId }).from(workerClaims).where(isNull(workerClaims.endedAt));
  const jobs = await runningJobs(
    deps,
    open.map((o) => o.jobId),
  );
  return rows.map((r) =>
    toWorkerTokenDto(
      r,
      open.flatMap((o) => (o.tokenId === r.id ? (jobs.get(o.jobId) ?? []) : [])),
    ),
  );
}

export async function findWorkerToken(db: Db, idOrName: string): Promise<WorkerTokenRow | null> {
  const isId = /^[0-9a-f-]{36}$/i.test(idOrName);
  const [row] = await db
    .select()
    .from(workerTokens)
    .where(isId ? eq(workerTokens.id, idOrName) : and(eq(workerTokens.name, idOrName), isNull(workerTokens.revokedAt)));
  return row ?? null;
}

/** Marks a token revoked: its next call is refused. False when it was revoked already (or does not exist). */
export async function markWorkerTokenRevoked(deps: Pick<Deps, 'db' | 'clock'>, id: string): Promise<WorkerTokenRow | null> {
  const [row] = await deps.db
    .update(workerTokens)
    .set({ revokedAt: deps.clock() })
    .where(and(eq(workerTokens.id, id), isNull(workerTokens.revokedAt)))
    .returning();
  return row ?? null;
}

/**
 * Revokes a token: its next call is refused, and the jobs it holds go back to the queue at once (nothing charged), to
 * run on another worker. False when it was revoked already.
 */
export async function revokeWorkerToken(deps: Pick<Deps, 'db' | 'clock' | 'queue' | 'events' | 'logger' | 'storage' | 'config'>, id: string): Promise<boolean> {
  const row = await markWorkerTokenRevoked(deps, id);
  if (!row) return false;
  const handed = await handBackClaims(deps, { tokenId: id });
  deps.logger.info({ worker: row.name, handedBack: handed }, 'worker token revoked');
  return true;
}
