import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import type { Executor } from '../credits/ledger.js';
import { notificationCampaigns, notificationRecipients, profiles, securityEvents, session, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { notificationsQueue } from '@server/queues/notifications.js';
import { sendJob } from '@server/queues/define-queue.js';
import { invalidEmailsMessage, parseRecipients, type Audience, type NotificationKind } from '@shared/admin.js';

export interface Recipient {
  email: string;
  userId: string | null;
  firstName: string | null;
}

/**
 * Users with a session used, or a sign-in recorded, in the last `days` days. Both announcements (maintenance and
 * application available) are optional e-mail with an unsubscribe link: users who turned e-mail notifications off under
 * Settings, or with that link, are left out.
 */
async function activeUsers(db: Executor, since: Date, optional: boolean): Promise<Audiences> {
  const recent = sql`(
    exists (select 1 from ${session} where ${session.userId} = ${user.id} and ${session.updatedAt} >= ${since})
    or exists (select 1 from ${securityEvents} where ${securityEvents.userId} = ${user.id} and ${securityEvents.createdAt} >= ${since})
  )`;
  const rows = await db
    .select({
      email: user.email,
      userId: user.id,
      firstName: profiles.firstName,
      optedOut: sql<boolean>`coalesce(${profiles.notificationPreferences} ->> 'email_notifications', 'true') = 'false'`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(and(eq(user.emailVerified, true), recent))
    .orderBy(user.email);
  const left = optional ? rows.filter((r) => r.optedOut) : [];
  const recipients = rows.filter((r) => !(optional && r.optedOut)).map((r) => ({ email: r.email.toLowerCase(), userId: r.userId, firstName: r.firstName }));
  return { recipients, optedOut: left.length };
}

/** Typed addresses, matched to accounts where there is one (for the greeting and for account deletion). */
async function customRecipients(db: Executor, text: string): Promise<Recipient[]> {
  const { emails, invalid } = parseRecipients(text);
  if (invalid.length > 0 || emails.length === 0) throw new AppError('INVALID_EMAILS', 400, invalidEmailsMessage(invalid), { invalid });
  const known = await db
    .select({ email: sql<string>`lower(${user.email})`, userId: user.id, firstName: profiles.firstName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(inArray(sql`lower(${user.email})`, emails));
  const byEmail = new Map(known.map((k) => [k.email, k]));
  return emails.map((email) => ({ email, userId: byEmail.get(email)?.userId ?? null, firstName: byEmail.get(email)?.firstName ?? null }));
}

/** Who a batch goes to, and how many active users it leaves out because they turned e-mail notifications off. */
export interface Audiences {
  recipients: Recipient[];
  optedOut: number;
}

export async function resolveRecipients(deps: Pick<Deps, 'db' | 'clock'>, audience: Audience, admin: { id: string; email: string }): Promise<Audiences> {
  if (audience.kind === 'test') {
    const [p] = await deps.db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, admin.id)).limit(1);
    return { recipients: [{ email: admin.email.toLowerCase(), userId: admin.id, firstName: p?.firstName ?? null }], optedOut: 0 };
  }
  // a list the admin types is sent as typed
  if (audience.kind === 'custom') return { recipients: await customRecipients(deps.db, audience.customEmails), optedOut: 0 };
  return activeUsers(deps.db, new Date(deps.clock().getTime() - audience.targetDays * 86_400_000), true);
}

export const describeAudience = (a: Audience, n: number) =>
  a.kind === 'test' ? 'test (you only)' : a.kind === 'custom' ? `custom list (${n})` : `active in the last ${a.targetDays} days (${n})`;

/**
 * Writes the batch and every recipient in one transaction, then queues it: the queue job sends it (and, after a
 * crash, resumes it) recipient by recipient.
 */
export async function createCampaign(
  deps: Pick<Deps, 'db' | 'clock' | 'queue'>,
  input: { kind: NotificationKind; audience: Audience; payload: Record<string, unknown>; admin: { id: string; email: string } },
): Promise<{ campaignId: string; total: number; optedOut: number; audience: string }> {
  const { recipients, optedOut } = await resolveRecipients(deps, input.audience, input.admin);
  const audience = describeAudience(input.audience, recipients.length);
  const campaignId = await deps.db.transaction(async (tx) => {
    const [c] = await tx
      .insert(notificationCampaigns)
      .values({
        kind: input.kind,
        audience,
        payload: input.payload,
        createdBy: input.admin.id,
        total: recipients.length,
        optedOut,
        status: 'queued',
        createdAt: deps.clock(),
      })
      .returning({ id: notificationCampaigns.id });
    for (let i = 0; i < recipients.length; i += 500) {
      await tx
        .insert(notificationRecipients)
        .values(recipients.slice(i, i + 500).map((r) => ({ campaignId: c.id, email: r.email, userId: r.userId, firstName: r.firstName })))
        .onConflictDoNothing();
    }
    if (recipients.length === 0) {
      await tx.update(notificationCampaigns).set({ status: 'completed', finishedAt: deps.clock() }).where(eq(notificationCampaigns.id, c.id));
    }
    return c.id;
  });
  if (recipients.length > 0) await sendJob(deps, notificationsQueue, { campaignId });
  return { campaignId, total: recipients.length, optedOut, audience };
}
