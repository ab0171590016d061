import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { emailOutbox } from '../../db/schema.js';
import type { MailMessage, Mailer, SentMail } from './mailer.js';

/** Inserts the message into email_outbox and returns its id. Every adapter records through this. */
export async function recordInOutbox(db: Db, message: MailMessage, now: Date): Promise<string> {
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
      createdAt: now,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
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
      const id = await recordInOutbox(deps.db, message, deps.clock());
      return { id, status: 'recorded' };
    },
  };
}
