import type { Config } from '@server/config.js';
import type { Db } from '@server/db/database.js';
import type { Logger } from '@server/logger.js';
import type { Mailer } from '@server/ports/mailer.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

/** SMTP when SMTP_URL is set, otherwise the outbox alone. */
export function createMailer(config: Config, deps: { db: Db; clock: () => Date; logger: Logger }): Mailer & { close(): void } {
  if (config.SMTP_URL) return createSmtpMailer({ ...deps, url: config.SMTP_URL, from: config.MAIL_FROM });
  return { ...createOutboxMailer(deps), close() {} };
}
