import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import type { Db } from '@server/db/database.js';
import { apiKeys, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  API_KEYS_PER_USER,
  apiKeyMessages,
  type AdminApiKeyDto,
  type ApiKeyDto,
  type ApiKeyScope,
} from '@shared/api/api-keys.js';
import { hashSecretToken, newSecretToken } from '../security/secret-tokens.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** A new key for its owner: the secret is returned here once, and only its hash is kept. */
export async function createApiKey(
  deps: Pick<Deps, 'db'>,
  userId: string,
  input: { name: string; scopes: readonly ApiKeyScope[] },
): Promise<{ key: string; apiKey: ApiKeyDto }> {
  return deps.db.transaction(async (tx) => {
    // the owner's row locked: two parallel creations cannot both pass the count
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (n >= API_KEYS_PER_USER) throw new AppError('TOO_MANY_API_KEYS', 409, apiKeyMessages.tooMany);
    const { token, hash, visible } = newSecretToken(API_KEY_PREFIX, API_KEY_VISIBLE_CHARS);
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name.trim(), keyHash: hash, prefix: visible, scopes: [...new Set(input.scopes)] })
      .returning();
    return { key: token, apiKey: toApiKeyDto(row) };
  });
}

/** The owner's keys, newest first, revoked ones included (they show as revoked). */
export async function listApiKeys(deps: Pick<Deps, 'db'>, userId: string): Promise<ApiKeyDto[]> {
  const rows = await deps.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeyDto);
}

/** Every account's keys for the admin panel, newest first. */
export async function listAllApiKeys(deps: Pick<Deps, 'db'>): Promise<AdminApiKeyDto[]> {
  const rows = await deps.db
    .select({ key: apiKeys, email: user.email })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1000);
  return rows.map((r) => ({ ...toApiKeyDto(r.key), owner_email: r.email }));
}

/**
 * Revokes a key: its next request is refused. `ownerId` limits it to the owner's own keys (another user's key is not
 * found); an admin passes null. Throws 404 when there is no such active key.
 */
export async function revokeApiKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: string,
  by: { ownerId: string | null; actorId: string },
): Promise<{ apiKey: ApiKeyDto; ownerEmail: string | null }> {
  const [row] = await deps.db
    .update(apiKeys)
    .set({ revokedAt: deps.clock(), revokedBy: by.ownerId === null ? by.actorId : null })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), ...(by.ownerId === null ? [] : [eq(apiKeys.userId, by.ownerId)])))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 404, apiKeyMessages.notFound);
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, row.userId));
  return { apiKey: toApiKeyDto(row), ownerEmail: owner?.email ?? null };
}

export type ApiKeyAuth = { ok: true; key: ApiKeyRow; user: SessionUser } | { ok: false; reason: 'unknown' | 'revoked' };

/** The key a client presents, looked up by its hash, with its owner as the user it acts as. */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiKeyAuth> {
  if (!token.startsWith(API_KEY_PREFIX)) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select({ key: apiKeys, owner: user })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashSecretToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  const o = row.owner;
  // a banned account's keys stop with its sessions
  const banned = o.banned && (!o.banExpires || o.banExpires.getTime() > Date.now());
  if (row.key.revokedAt || banned) return { ok: false, reason: 'revoked' };
  return {
    ok: true,
    key: row.key,
    user: { id: o.id, email: o.email, name: o.name, role: o.role === 'admin' ? 'admin' : 'user', emailVerified: o.emailVerified },
  };
}

/** Remembers when a key was last used; at most once a minute per key, so a busy key does not write on every call. */
export async function recordApiKeyUsed(deps: Pick<Deps, 'db' | 'clock'>, key: ApiKeyRow): Promise<void> {
  const now = deps.clock();
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < 60_000) return;
  await deps.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
}
