import { and, eq, lt } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { webhookDeliveries } from '@server/db/schema.js';
import { sendJob } from '@server/queues/define-queue.js';
import { webhooksQueue } from '@server/queues/webhooks.js';
import { WEBHOOK_LOG_RETENTION_DAYS } from '@shared/webhooks.js';

/** A pending delivery this late was never queued (the process stopped between saving it and queueing it). */
const LOST_AFTER_MS = 10 * 60_000;

/**
 * Part of the every-minute maintenance: deliveries older than the log's retention go (their attempts with them), and
 * a pending delivery whose attempt is long overdue is queued again. A receiver may then see one event twice; it drops
 * the second by its `webhook-id`, as Standard Webhooks expects of it.
 */
export async function runWebhookMaintenance(deps: Pick<Deps, 'db' | 'queue' | 'clock'>): Promise<{ purged: number; requeued: number }> {
  const now = deps.clock();
  const purged = await deps.db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * 86_400_000)))
    .returning({ id: webhookDeliveries.id });
  const lost = await deps.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.nextAttemptAt, new Date(now.getTime() - LOST_AFTER_MS))))
    .returning({ id: webhookDeliveries.id });
  for (const d of lost) await sendJob(deps, webhooksQueue, { deliveryId: d.id });
  return { purged: purged.length, requeued: lost.length };
}
