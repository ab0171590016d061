import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { apiKeys, user, webhookEndpoints } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { resolveAuthSecret } from '@server/auth-secret.js';
import { openSecret, sealSecret } from '../security/secret-box.js';
import { checkWebhookUrl } from './target-address.js';
import type { WebhookEndpointDto } from '@shared/api/webhooks.js';
import { WEBHOOK_ENDPOINTS_PER_USER, WEBHOOK_ROTATION_GRACE_SECONDS, WEBHOOK_SECRET_PREFIX, webhookMessages, type WebhookEvent } from '@shared/webhooks.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
type EndpointDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

/**
 * Whose endpoints a caller reaches: the account's (the profile: all of them), or one API key's (the public API: the
 * endpoints that key made). Any other endpoint is not found.
 */
export interface EndpointOwner {
  userId: string;
  apiKeyId?: string;
}

const SECRET_PURPOSE = 'webhook-secret';

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
const seal = (deps: Pick<Deps, 'config'>, secret: string) => sealSecret(resolveAuthSecret(deps.config), SECRET_PURPOSE, secret);

/** The secrets that sign now: the current one, and the previous one while its grace lasts. */
export function signingSecrets(deps: Pick<Deps, 'config'>, row: WebhookEndpointRow, now: Date): string[] {
  const key = resolveAuthSecret(deps.config);
  const secrets = [openSecret(key, SECRET_PURPOSE, row.secretCiphertext)];
  if (row.previousSecretCiphertext && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now)
    secrets.push(openSecret(key, SECRET_PURPOSE, row.previousSecretCiphertext));
  return secrets;
}

function toDto(row: WebhookEndpointRow, keyPrefix: string | null, now: Date): WebhookEndpointDto {
  const grace = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    api_key_id: row.apiKeyId,
    api_key_prefix: keyPrefix,
    previous_secret_expires_at: grace,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const ownedBy = (owner: EndpointOwner) =>
  and(eq(webhookEndpoints.userId, owner.userId), owner.apiKeyId ? eq(webhookEndpoints.apiKeyId, owner.apiKeyId) : undefined);

/** The owner's endpoint, or 404 (another user's or another key's endpoint is not found either). */
export async function findEndpoint(deps: Pick<Deps, 'db'>, owner: EndpointOwner, id: string): Promise<WebhookEndpointRow> {
  const [row] = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)));
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND', 404, webhookMessages.notFound);
  return row;
}

async function present(deps: EndpointDeps, rows: WebhookEndpointRow[]): Promise<WebhookEndpointDto[]> {
  const keyIds = [...new Set(rows.map((r) => r.apiKeyId).filter((id): id is string => id !== null))];
  const prefixes = new Map<string, string>();
  for (const id of keyIds) {
    const [k] = await deps.db.select({ prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.id, id));
    if (k) prefixes.set(id, k.prefix);
  }
  const now = deps.clock();
  return rows.map((r) => toDto(r, r.apiKeyId ? (prefixes.get(r.apiKeyId) ?? null) : null, now));
}

export async function listEndpoints(deps: EndpointDeps, owner: EndpointOwner): Promise<WebhookEndpointDto[]> {
  const rows = await deps.db.select().from(webhookEndpoints).where(ownedBy(owner)).orderBy(desc(webhookEndpoints.createdAt));
  return present(deps, rows);
}

/**
 * A new endpoint: its URL checked (scheme, no credentials, a public address unless WEBHOOKS_ALLOW_PRIVATE_TARGETS),
 * its secret made, sealed and returned this once. `apiKeyId` makes it the key's (it must be the owner's active key).
 */
export async function createEndpoint(
  deps: EndpointDeps,
  owner: { userId: string },
  input: { url: string; events: readonly WebhookEvent[]; enabled?: boolean; apiKeyId?: string | null },
): Promise<{ endpoint: WebhookEndpointDto; secret: string }> {
  const url = await checkWebhookUrl(input.url, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS });
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    // the owner's row locked: two parallel creations cannot both pass the count
    await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.userId)).for('update');
    if (input.apiKeyId) {
      const [key] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, input.apiKeyId), eq(apiKeys.userId, owner.userId), isNull(apiKeys.revokedAt)));
      if (!key) throw new AppError('API_KEY_NOT_FOUND', 404, webhookMessages.apiKeyNotFound);
    }
    const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, owner.userId));
    if (n >= WEBHOOK_ENDPOINTS_PER_USER) throw new AppError('TOO_MANY_WEBHOOKS', 409, webhookMessages.tooMany);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: owner.userId,
        apiKeyId: input.apiKeyId ?? null,
        url,
        events: [...input.events],
        enabled: input.enabled ?? true,
        secretCiphertext: seal(deps, secret),
      })
      .returning();
    return inserted;
  });
  return { endpoint: (await present(deps, [row]))[0], secret };
}

export async function updateEndpoint(
  deps: EndpointDeps,
  owner: EndpointOwner,
  id: string,
  input: { url?: string; events?: readonly WebhookEvent[]; enabled?: boolean },
): Promise<WebhookEndpointDto> {
  await findEndpoint(deps, owner, id);
  const url = input.url === undefined ? undefined : await checkWebhookUrl(input.url, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS });
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined && { url }),
      ...(input.events !== undefined && { events: [...input.events] }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      updatedAt: deps.clock(),
    })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND', 404, webhookMessages.notFound);
  return (await present(deps, [row]))[0];
}

/** Deletes the endpoint and its delivery log; deliveries still waiting are dropped. */
export async function deleteEndpoint(deps: Pick<Deps, 'db'>, owner: EndpointOwner, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError('WEBHOOK_NOT_FOUND', 404, webhookMessages.notFound);
}

/**
 * A new signing secret, returned this once. The current one becomes the previous one and keeps signing beside it
 * (two `v1,` signatures) for WEBHOOK_ROTATION_GRACE_SECONDS, so a receiver can switch without missing an event.
 */
export async function rotateEndpointSecret(deps: EndpointDeps, owner: EndpointOwner, id: string): Promise<{ endpoint: WebhookEndpointDto; secret: string }> {
  const current = await findEndpoint(deps, owner, id);
  const secret = newWebhookSecret();
  const now = deps.clock();
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      secretCiphertext: seal(deps, secret),
      previousSecretCiphertext: current.secretCiphertext,
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_ROTATION_GRACE_SECONDS * 1000),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND', 404, webhookMessages.notFound);
  return { endpoint: (await present(deps, [row]))[0], secret };
}
