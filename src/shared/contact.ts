/**
 * The contact form (seed 000 §2 Contact page, §3 contact message, §5 validation; seed 001 §7.5 send-contact-email).
 */
import { z } from 'zod';
import { messages } from './messages.js';

export const INQUIRY_TYPES = ['general', 'support', 'billing'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const INQUIRY_LABELS: Record<InquiryType, string> = { general: 'General inquiry', support: 'Technical support', billing: 'Billing question' };

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const;
export const contactSent = 'Message sent! We will get back to you within 24 hours.';

const required = (max: number) => z.string().trim().min(1, messages.contactRequired).max(max, `At most ${max} characters`);

export const ContactRequest = z.object({
  name: required(CONTACT_LIMITS.name),
  // the address the team replies to (a mailto: link) and the confirmation goes to: one address, nothing after it
  email: required(CONTACT_LIMITS.email).pipe(z.email({ error: messages.contactInvalidEmail })),
  inquiryType: z.enum(INQUIRY_TYPES).default('general'),
  subject: required(CONTACT_LIMITS.subject),
  message: required(CONTACT_LIMITS.message),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** Which mailbox an inquiry goes to. */
export const mailboxFor = (type: InquiryType, info: { generalEmail: string; supportEmail: string }) =>
  type === 'general' ? info.generalEmail : info.supportEmail;
