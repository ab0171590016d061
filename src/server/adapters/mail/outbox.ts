import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/database.js';
import { emailOutbox } from '@server/db/schema.js';
import type { MailMessage, Mailer, SentMail } from '@server/ports/mailer.js';

export interface OutboxRecord {
  id: string;
  /** Set when a message with the same idempotency key was already recorded: its status then. */
  existing?: 'recorded' | 'sent' | 'failed';
}

/**
 * Inserts the message into email_outbox and returns its id. Every adapter records through this. A message with an
 * idempotency key that is already there is not recorded twice: the earlier row and its status come back.
 */
export async function recordInOutbox(db: Db, message: MailMessage, now: Date): Promise<OutboxRecord> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      userId: message.userId ?? null,
      toAddress: message.to,
      template: message.template,
      subject: message.subject,
      html: message.html,
      text: message.text,
      status: 'recorded',
      idempotencyKey: message.idempotencyKey ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (row) return { id: row.id };
  const [earlier] = await db
    .select({ id: emailOutbox.id, status: emailOutbox.status })
    .from(emailOutbox)
    .where(eq(emailOutbox.idempotencyKey, message.idempotencyKey ?? ''))
    .limit(1);
  if (!earlier) throw new Error('outbox insert returned nothing');
  return { id: earlier.id, existing: earlier.status };
}

export async function markOutbox(db: Db, id: string, status: 'sent' | 'failed', at: Date, error?: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set(status === 'sent' ? { status, sentAt: at, error: null } : { status, error: error?.slice(0, 2000) ?? 'unknown error' })
    .where(eq(emailOutbox.id, id));
}

/** The default adapter: messages are only recorded, readable at /dev/mailbox outside production. */
export function createOutboxMailer(deps: { db: Db; clock: () => Date }): Mailer {
  return {
    async send(message: MailMessage): Promise<SentMail> {
      const record = await recordInOutbox(deps.db, message, deps.clock());
      return { id: record.id, status: record.existing ?? 'recorded', ...(record.existing ? { duplicate: true } : {}) };
    },
  };
}
