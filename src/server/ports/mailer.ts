/** The mail port: services hand over a rendered message; the adapter records it and, when configured, delivers it. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes instead of the sender (the contact notification: the person who wrote). */
  replyTo?: string;
  /** Which template produced it (for the outbox and /dev/mailbox). */
  template: string;
  /** The account it concerns, so account deletion can find and anonymise it. */
  userId?: string | null;
  /**
   * A message that must go out once: a send repeated with the same key (a batch resumed after a crash) delivers
   * nothing when the first one was delivered, and only retries delivery when it was not.
   */
  idempotencyKey?: string;
  /** Further header fields of the message (List-Unsubscribe of announcements). */
  headers?: Record<string, string>;
}

export interface SentMail {
  id: string;
  status: 'recorded' | 'sent' | 'failed';
  /** True when an earlier send with the same idempotency key had already delivered or recorded it. */
  duplicate?: boolean;
}

export interface Mailer {
  /** Writes the message to the outbox and delivers it if the adapter can; throws MailDeliveryError when delivery fails. */
  send(message: MailMessage): Promise<SentMail>;
}

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    public readonly outboxId: string,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}
