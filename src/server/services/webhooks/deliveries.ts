import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Deps } from '@server/deps.js';
import { apiKeys, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { sendJob } from '@server/queues/define-queue.js';
import { webhooksQueue } from '@server/queues/webhooks.js';
import type { WebhookDeliveryDto, WebhookEventPayload } from '@shared/api/webhooks.js';
import type { JobDto } from '@shared/api/jobs.js';
import {
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_ORDER_RECHECK_SECONDS,
  WEBHOOK_ORDER_WAIT_MS,
  WEBHOOK_PROGRESS_INTERVAL_MS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_RETRY_WINDOW_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  webhookMessages,
  type WebhookEvent,
} from '@shared/webhooks.js';
import { findEndpoint, signingSecrets, type EndpointOwner } from './endpoints.js';
import { postWebhook, type PostOutcome } from './post-webhook.js';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type DeliveryDeps = Pick<Deps, 'db' | 'queue' | 'clock' | 'config' | 'logger'>;

const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** A job row's change as the event it is, or null for changes no webhook tells (queued, handed back to the queue). */
export function webhookEventOf(job: { status: string; startedAt: Date | null; updatedAt: Date }): WebhookEvent | null {
  if (job.status === 'completed') return 'job.completed';
  if (job.status === 'failed') return 'job.failed';
  if (job.status === 'cancelled') return 'job.canceled';
  if (job.status !== 'processing' || !job.startedAt) return null;
  // a worker taking the job writes started_at and updated_at alike; every later write of a running job is progress
  return job.startedAt.getTime() === job.updatedAt.getTime() ? 'job.started' : 'job.progress';
}

/** New deliveries of one payload, each queued for its first attempt. */
async function queueDeliveries(
  deps: DeliveryDeps,
  rows: { endpointId: string; userId: string; messageId: string; event: WebhookEvent; jobId: string | null; payload: unknown; redeliveryOf?: string }[],
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  const now = deps.clock();
  const inserted = await deps.db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ ...r, redeliveryOf: r.redeliveryOf ?? null, nextAttemptAt: now, createdAt: now })))
    .returning();
  for (const d of inserted) await sendJob(deps, webhooksQueue, { deliveryId: d.id });
  return inserted;
}

/**
 * The webhooks of a job's change: one delivery per enabled endpoint of the owner that asked for the event (an API
 * key's endpoints only while the key is active), with job.progress at most once per WEBHOOK_PROGRESS_INTERVAL_MS per
 * job and endpoint. `data` is the job as GET /api/v1/jobs/{id} answers it.
 */
export async function queueJobWebhooks(
  deps: DeliveryDeps,
  job: { id: string; userId: string; status: string; startedAt: Date | null; updatedAt: Date },
  data: JobDto,
): Promise<number> {
  const event = webhookEventOf(job);
  if (!event) return 0;
  const endpoints = await deps.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .leftJoin(apiKeys, eq(apiKeys.id, webhookEndpoints.apiKeyId))
    .where(
      and(
        eq(webhookEndpoints.userId, job.userId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
        or(isNull(webhookEndpoints.apiKeyId), isNull(apiKeys.revokedAt)),
      ),
    );
  let targets = endpoints.map((e) => e.id);
  if (targets.length === 0) return 0;
  const now = deps.clock();
  if (event === 'job.progress') {
    const recent = await deps.db
      .selectDistinct({ endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.endpointId, targets),
          eq(webhookDeliveries.jobId, job.id),
          eq(webhookDeliveries.event, 'job.progress'),
          gt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_PROGRESS_INTERVAL_MS)),
        ),
      );
    const throttled = new Set(recent.map((r) => r.endpointId));
    targets = targets.filter((id) => !throttled.has(id));
  }
  const payload: WebhookEventPayload = { type: event, timestamp: now.toISOString(), data };
  const messageId = newMessageId();
  const made = await queueDeliveries(
    deps,
    targets.map((endpointId) => ({ endpointId, userId: job.userId, messageId, event, jobId: job.id, payload })),
  );
  return made.length;
}

/** The next retry's wait after `attempt` failed attempts, or null when the delivery is given up. */
export function retryDelaySeconds(attempt: number, createdAt: Date, now: Date): number | null {
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1];
  if (delay === undefined) return null;
  const deadline = createdAt.getTime() + WEBHOOK_RETRY_WINDOW_SECONDS * 1000;
  return now.getTime() + delay * 1000 <= deadline ? delay : null;
}

/**
 * True when an earlier event of the same job to the same endpoint has not made its first attempt yet: this one waits
 * (the queue runs deliveries side by side, and a receiver acting on job.progress after job.completed would be wrong).
 * A redelivery, a retry, or a delivery older than WEBHOOK_ORDER_WAIT_MS never waits.
 */
async function waitsForEarlierEvent(deps: DeliveryDeps, d: DeliveryRow, now: Date): Promise<boolean> {
  if (!d.jobId || d.redeliveryOf || d.attempts > 0 || now.getTime() - d.createdAt.getTime() > WEBHOOK_ORDER_WAIT_MS) return false;
  const [earlier] = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, d.endpointId),
        eq(webhookDeliveries.jobId, d.jobId),
        ne(webhookDeliveries.id, d.id),
        isNull(webhookDeliveries.redeliveryOf),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, 0),
        lt(webhookDeliveries.createdAt, d.createdAt),
      ),
    )
    .limit(1);
  return Boolean(earlier);
}

/**
 * One attempt of a delivery (the webhooks queue runs it): signed with every secret that signs now, posted with a
 * timeout, to an address checked again as the connection is made (DNS rebinding). A 2xx answer ends it; anything
 * else is logged and retried on the schedule for 24 h, then given up.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const [row] = await deps.db
    .select({ d: webhookDeliveries, e: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.d.status !== 'pending') return;
  const { d, e } = row;
  const now = deps.clock();
  if (await waitsForEarlierEvent(deps, d, now)) {
    await sendJob(deps, webhooksQueue, { deliveryId: d.id }, { delaySeconds: WEBHOOK_ORDER_RECHECK_SECONDS });
    return;
  }
  const body = JSON.stringify(d.payload);
  let outcome: PostOutcome;
  let secrets: string[] | null = null;
  try {
    // a turned-off endpoint is posted nothing: its waiting deliveries end here, unsent
    if (!e.enabled) outcome = { status: null, error: webhookMessages.endpointOff, durationMs: 0 };
    else secrets = signingSecrets(deps, e, now);
  } catch {
    outcome = { status: null, error: 'The signing secret cannot be read (the server’s AUTH_SECRET changed). Rotate the secret.', durationMs: 0 };
  }
  if (secrets) {
    const signature = secrets.map((s) => new Webhook(s).sign(d.messageId, now, body)).join(' ');
    outcome = await postWebhook(
      e.url,
      body,
      { 'webhook-id': d.messageId, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature },
      { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS, timeoutMs: WEBHOOK_TIMEOUT_MS },
    );
  }
  const result = outcome!;
  const attempt = d.attempts + 1;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const finished = deps.clock();
  const delay = ok || !e.enabled ? null : retryDelaySeconds(attempt, d.createdAt, finished);
  const updated = await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        responseStatus: result.status,
        lastError: result.error,
        lastAttemptAt: now,
        status: ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
        nextAttemptAt: delay === null ? null : new Date(finished.getTime() + delay * 1000),
      })
      // another run of the same attempt (a queue retry after a crash) changes nothing twice
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, d.attempts), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    if (!u) return false;
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: d.id,
      attempt,
      responseStatus: result.status,
      error: result.error,
      durationMs: result.durationMs,
      createdAt: now,
    });
    return true;
  });
  if (updated && delay !== null) await sendJob(deps, webhooksQueue, { deliveryId: d.id }, { delaySeconds: delay });
}

function toDeliveryDto(d: DeliveryRow, attempts: (typeof webhookDeliveryAttempts.$inferSelect)[]): WebhookDeliveryDto {
  return {
    id: d.id,
    message_id: d.messageId,
    event: d.event as WebhookEvent,
    job_id: d.jobId,
    status: d.status,
    attempts: d.attempts,
    response_status: d.responseStatus,
    error: d.lastError,
    created_at: d.createdAt.toISOString(),
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    redelivery_of: d.redeliveryOf,
    attempt_log: attempts
      .filter((a) => a.deliveryId === d.id)
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({ attempt: a.attempt, response_status: a.responseStatus, error: a.error, duration_ms: a.durationMs, at: a.createdAt.toISOString() })),
  };
}

/** An endpoint's delivery log, newest first, each delivery with its attempts. */
export async function listDeliveries(deps: Pick<Deps, 'db'>, owner: EndpointOwner, endpointId: string): Promise<WebhookDeliveryDto[]> {
  await findEndpoint(deps, owner, endpointId);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  const attempts = rows.length
    ? await deps.db
        .select()
        .from(webhookDeliveryAttempts)
        .where(
          inArray(
            webhookDeliveryAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => toDeliveryDto(r, attempts));
}

/** Posts a logged delivery's payload again, as a new delivery with its own attempts (the same `webhook-id`). */
export async function redeliver(deps: DeliveryDeps, owner: EndpointOwner, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
  await findEndpoint(deps, owner, endpointId);
  const [d] = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!d) throw new AppError('DELIVERY_NOT_FOUND', 404, webhookMessages.deliveryNotFound);
  const [made] = await queueDeliveries(deps, [
    { endpointId, userId: d.userId, messageId: d.messageId, event: d.event as WebhookEvent, jobId: d.jobId, payload: d.payload, redeliveryOf: d.id },
  ]);
  return toDeliveryDto(made, []);
}
