import nodemailer from 'nodemailer';
import type { Db } from '@server/db/database.js';
import type { Logger } from '@server/logger.js';
import { MailDeliveryError, type MailMessage, type Mailer, type SentMail } from '@server/ports/mailer.js';
import { markOutbox, recordInOutbox } from './outbox.js';

export interface SmtpMailerOptions {
  db: Db;
  clock: () => Date;
  logger: Logger;
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  from: string;
}

/** Delivers over SMTP with nodemailer; the outbox row is written first and then marked sent or failed. */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message: MailMessage): Promise<SentMail> {
      const { id, existing } = await recordInOutbox(opts.db, message, opts.clock());
      // the same key delivered before: nothing goes out twice
      if (existing === 'sent') return { id, status: 'sent', duplicate: true };
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          replyTo: message.replyTo,
          headers: message.headers,
        });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await markOutbox(opts.db, id, 'failed', opts.clock(), reason);
        opts.logger.warn({ err, outboxId: id, template: message.template }, 'mail delivery failed');
        throw new MailDeliveryError(reason, id);
      }
      await markOutbox(opts.db, id, 'sent', opts.clock());
      return { id, status: 'sent' };
    },
    close() {
      transport.close();
    },
  };
}
