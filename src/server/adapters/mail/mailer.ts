/** The mail port: services hand over a rendered message; the adapter records it and, when configured, delivers it. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which template produced it (for the outbox and /dev/mailbox). */
  template: string;
  /** The account it concerns, so account deletion can find and anonymise it. */
  userId?: string | null;
}

export interface SentMail {
  id: string;
  status: 'recorded' | 'sent' | 'failed';
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
