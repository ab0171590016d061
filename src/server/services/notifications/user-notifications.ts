import { and, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { imageJobs, profiles } from '@server/db/schema.js';
import { notFound } from '@server/errors.js';
import { renderEmail } from '@emails/index.js';
import { LOW_CREDIT_THRESHOLD } from '@shared/credit-cost.js';
import { resolvePreferences, wants, type NotificationPreferences } from '@shared/notifications.js';

type MailDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'logger' | 'clock'>;

export async function getNotificationPreferences(deps: Pick<Deps, 'db'>, userId: string): Promise<NotificationPreferences> {
  const [p] = await deps.db.select({ prefs: profiles.notificationPreferences }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!p) throw notFound('Profile not found');
  return resolvePreferences(p.prefs);
}

export async function setNotificationPreferences(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select({ prefs: profiles.notificationPreferences }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!p) throw notFound('Profile not found');
    const next = { ...resolvePreferences(p.prefs), ...changes };
    await tx.update(profiles).set({ notificationPreferences: next, updatedAt: deps.clock() }).where(eq(profiles.userId, userId));
    return next;
  });
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The low-credit e-mail, once per dip: the first time the balance is at LOW_CREDIT_THRESHOLD or below, the profile
 * is marked (one conditional UPDATE, so parallel submissions send one mail) and the e-mail goes out when the user
 * wants it. The ledger clears the mark when the balance rises above the threshold again.
 */
export async function notifyLowCredits(deps: MailDeps, userId: string): Promise<boolean> {
  try {
    const [p] = await deps.db
      .update(profiles)
      .set({ lowCreditsNotified: true })
      .where(and(eq(profiles.userId, userId), lte(profiles.creditsRemaining, LOW_CREDIT_THRESHOLD), eq(profiles.lowCreditsNotified, false)))
      .returning({
        email: profiles.email,
        firstName: profiles.firstName,
        credits: profiles.creditsRemaining,
        prefs: profiles.notificationPreferences,
        resetAt: profiles.creditsResetAt,
      });
    if (!p || !wants(resolvePreferences(p.prefs), 'low_credits_warning')) return false;
    const site = { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL };
    const mail = await renderEmail('low-credits', {
      ...site,
      firstName: p.firstName ?? '',
      creditsRemaining: p.credits,
      resetDate: p.resetAt ? dateFormat.format(p.resetAt) : undefined,
    });
    await deps.mailer.send({ ...mail, to: p.email, userId });
    return true;
  } catch (err) {
    deps.logger.warn({ err, userId }, 'low-credit e-mail not delivered');
    return false;
  }
}

/**
 * The processing-complete e-mail, one per batch: when a user's last running job ends, one e-mail counts what finished
 * since the previous one. The timestamp moves with a compare-and-set, so two workers ending jobs at once send one.
 */
export async function notifyProcessingComplete(deps: MailDeps, userId: string): Promise<boolean> {
  try {
    const [running] = await deps.db
      .select({ n: count() })
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, userId), inArray(imageJobs.status, ['pending', 'processing'])));
    if (Number(running.n) > 0) return false;
    const [p] = await deps.db
      .select({ email: profiles.email, firstName: profiles.firstName, prefs: profiles.notificationPreferences, since: profiles.processingMailAt })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1);
    if (!p) return false;
    const finishedSince = p.since ? gt(imageJobs.finishedAt, p.since) : sql`true`;
    const rows = await deps.db
      .select({ status: imageJobs.status, n: count() })
      .from(imageJobs)
      .where(and(eq(imageJobs.userId, userId), inArray(imageJobs.status, ['completed', 'failed']), finishedSince))
      .groupBy(imageJobs.status);
    const completed = Number(rows.find((r) => r.status === 'completed')?.n ?? 0);
    const failed = Number(rows.find((r) => r.status === 'failed')?.n ?? 0);
    if (completed === 0) return false;
    const now = deps.clock();
    const [claimed] = await deps.db
      .update(profiles)
      .set({ processingMailAt: now })
      .where(and(eq(profiles.userId, userId), p.since ? eq(profiles.processingMailAt, p.since) : isNull(profiles.processingMailAt)))
      .returning({ id: profiles.id });
    if (!claimed || !wants(resolvePreferences(p.prefs), 'processing_complete')) return false;
    const site = { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL };
    const mail = await renderEmail('processing-complete', { ...site, firstName: p.firstName ?? '', completed, failed });
    await deps.mailer.send({ ...mail, to: p.email, userId });
    return true;
  } catch (err) {
    deps.logger.warn({ err, userId }, 'processing-complete e-mail not delivered');
    return false;
  }
}
