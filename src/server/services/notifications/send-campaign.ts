import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { notificationCampaigns, notificationRecipients } from '@server/db/schema.js';
import { renderEmail } from '@emails/index.js';
import type { CampaignStatus, NotificationKind } from '@shared/admin.js';
import type { CampaignView } from '@shared/api/admin.js';
import type { Recipient } from './create-campaign.js';
import { unsubscribeFor } from './unsubscribe.js';

const CAMPAIGN_BATCH_SIZE = 25;

type CampaignRow = typeof notificationCampaigns.$inferSelect;

/** One recipient's message of a batch: the one sent, and the one the admin previews before sending. */
export async function renderCampaignEmail(deps: Pick<Deps, 'config'>, kind: NotificationKind, payload: Record<string, unknown>, r: Recipient) {
  const p = payload as Record<string, string>;
  // the address the admin's panel was reached on, kept with the batch: the queue job has no request of its own
  const site = { siteName: deps.config.SITE_NAME, baseUrl: p.baseUrl || deps.config.BASE_URL };
  // an account's address can be unsubscribed (its notification preference); a typed address without one has none
  const unsubscribe = r.userId ? unsubscribeFor(deps.config, site.baseUrl, r.userId) : undefined;
  const headers = unsubscribe?.headers;
  if (kind === 'maintenance') {
    const mail = await renderEmail('maintenance-notice', {
      ...site,
      unsubscribeUrl: unsubscribe?.url,
      firstName: r.firstName ?? '',
      email: r.email,
      message: p.message,
      estimatedCompletionTime: p.estimatedCompletionTime,
      severity: p.severity === 'error' ? 'error' : 'warning',
    });
    return { ...mail, headers };
  }
  const mail = await renderEmail('application-available', {
    ...site,
    unsubscribeUrl: unsubscribe?.url,
    firstName: r.firstName ?? '',
    email: r.email,
    message: p.message,
    callToActionText: p.callToActionText,
  });
  return { ...mail, headers };
}

async function refreshCounts(deps: Pick<Deps, 'db'>, campaignId: string) {
  const rows = await deps.db
    .select({ status: notificationRecipients.status, n: count() })
    .from(notificationRecipients)
    .where(eq(notificationRecipients.campaignId, campaignId))
    .groupBy(notificationRecipients.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  await deps.db
    .update(notificationCampaigns)
    .set({ sent: of('sent'), failed: of('failed') })
    .where(eq(notificationCampaigns.id, campaignId));
  return { pending: of('pending'), sent: of('sent'), failed: of('failed') };
}

/**
 * Sends a batch, CAMPAIGN_BATCH_SIZE recipients at a time, marking each recipient as it goes. Every message carries
 * the recipient's idempotency key, so a run resumed after a crash neither skips anyone still pending nor delivers a
 * second copy to someone whose message went out just before the crash.
 */
export async function sendCampaign(deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'logger' | 'clock'>, campaignId: string, signal?: AbortSignal): Promise<void> {
  const [c] = await deps.db.select().from(notificationCampaigns).where(eq(notificationCampaigns.id, campaignId)).limit(1);
  if (!c || c.status === 'completed') return;
  await deps.db.update(notificationCampaigns).set({ status: 'sending' }).where(eq(notificationCampaigns.id, campaignId));
  for (;;) {
    if (signal?.aborted) return;
    const batch = await deps.db
      .select()
      .from(notificationRecipients)
      .where(and(eq(notificationRecipients.campaignId, campaignId), eq(notificationRecipients.status, 'pending')))
      .orderBy(asc(notificationRecipients.id))
      .limit(CAMPAIGN_BATCH_SIZE);
    if (batch.length === 0) break;
    for (const r of batch) {
      if (signal?.aborted) return;
      try {
        const mail = await renderCampaignEmail(deps, c.kind as NotificationKind, c.payload, r);
        await deps.mailer.send({ ...mail, to: r.email, userId: r.userId, idempotencyKey: `campaign:${campaignId}:${r.email}` });
        await deps.db.update(notificationRecipients).set({ status: 'sent', sentAt: deps.clock(), error: null }).where(eq(notificationRecipients.id, r.id));
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        deps.logger.warn({ err, campaignId, recipient: r.id }, 'notification not delivered');
        await deps.db
          .update(notificationRecipients)
          .set({ status: 'failed', error: reason.slice(0, 500) })
          .where(eq(notificationRecipients.id, r.id));
      }
    }
    await refreshCounts(deps, campaignId);
  }
  const { sent, failed } = await refreshCounts(deps, campaignId);
  const status: CampaignStatus = sent === 0 && failed > 0 ? 'failed' : 'completed';
  await deps.db
    .update(notificationCampaigns)
    .set({ status, finishedAt: deps.clock(), error: failed > 0 ? `${failed} of ${sent + failed} not delivered` : null })
    .where(eq(notificationCampaigns.id, campaignId));
}

const view = (c: CampaignRow): CampaignView => ({
  id: c.id,
  kind: c.kind as NotificationKind,
  status: c.status as CampaignStatus,
  audience: c.audience,
  total: c.total,
  emailsSent: c.sent,
  failed: c.failed,
  optedOut: c.optedOut,
  message: typeof c.payload.message === 'string' ? c.payload.message : '',
  createdAt: c.createdAt.toISOString(),
  finishedAt: c.finishedAt?.toISOString() ?? null,
});

export async function getCampaign(deps: Pick<Deps, 'db'>, id: string): Promise<CampaignView | null> {
  const [c] = await deps.db.select().from(notificationCampaigns).where(eq(notificationCampaigns.id, id)).limit(1);
  return c ? view(c) : null;
}

export async function listCampaigns(deps: Pick<Deps, 'db'>, limit = 10): Promise<CampaignView[]> {
  const rows = await deps.db.select().from(notificationCampaigns).orderBy(desc(notificationCampaigns.createdAt)).limit(limit);
  return rows.map(view);
}
