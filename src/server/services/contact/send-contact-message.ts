import { count, desc } from 'drizzle-orm';
import type { Deps, SessionUser } from '@server/deps.js';
import { contactMessages } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { renderEmail } from '@emails/index.js';
import { messages } from '@shared/messages.js';
import { PAGE_SIZE, type Page } from '@shared/pagination.js';
import { INQUIRY_LABELS, mailboxFor, type ContactRequest } from '@shared/contact.js';
import type { ContactInfo } from '@shared/api/contact.js';
import type { ContactMessageView } from '@shared/api/admin.js';

export const contactInfo = (config: Deps['config']): ContactInfo => ({
  generalEmail: config.CONTACT_GENERAL_EMAIL,
  supportEmail: config.CONTACT_SUPPORT_EMAIL,
});

/** The signed-in user who sent the form, if any. */
export type ContactSender = Pick<SessionUser, 'id' | 'email' | 'emailVerified'>;

/**
 * seed 001 §7.5 send-contact-email: the message is stored (admins read it in the panel), the mailbox for its inquiry
 * type is notified and the sender gets a confirmation. When the notification cannot be delivered the sender is told
 * to try again or write directly; the stored message stays for the admins.
 *
 * Anyone can type any address into the form, so the confirmation carries nothing typed into it: it greets by the
 * typed name only a signed-in sender whose verified account address is the one given.
 */
export async function sendContactMessage(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'logger' | 'clock'>,
  input: ContactRequest,
  sender: ContactSender | null,
) {
  const userId = sender?.id ?? null;
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, userId, createdAt: deps.clock() })
    .returning({ id: contactMessages.id });
  const site = { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL };
  try {
    const notification = await renderEmail('contact-notification', { ...site, ...input, inquiryType: INQUIRY_LABELS[input.inquiryType] });
    // a reply from the mailbox goes to the person who wrote, not to the server's own address
    await deps.mailer.send({ ...notification, to: mailboxFor(input.inquiryType, contactInfo(deps.config)), replyTo: input.email });
  } catch (err) {
    deps.logger.error({ err, contactMessageId: row.id }, 'contact notification not delivered');
    throw new AppError('CONTACT_FAILED', 502, messages.contactFailed);
  }
  try {
    const ownAddress = !!sender?.emailVerified && sender.email.toLowerCase() === input.email.toLowerCase();
    const confirmation = await renderEmail('contact-confirmation', { ...site, name: ownAddress ? input.name : undefined, email: input.email });
    await deps.mailer.send({ ...confirmation, to: input.email, userId });
  } catch (err) {
    // the team has the message; a sender whose own address refuses mail still gets the answer they asked for
    deps.logger.warn({ err, contactMessageId: row.id }, 'contact confirmation not delivered');
  }
  return { id: row.id };
}

export async function listContactMessages(deps: Pick<Deps, 'db'>, page: number): Promise<Page<ContactMessageView>> {
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    deps.db.select({ total: count() }).from(contactMessages),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      inquiryType: r.inquiryType,
      subject: r.subject,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
    page,
    pageSize: PAGE_SIZE,
    total: Number(total),
  };
}
