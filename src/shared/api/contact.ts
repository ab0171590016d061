/** The public contact form (/api/contact) and the mailboxes the page shows. */
import { z } from 'zod';

export { ContactRequest } from '../contact.js';

/** The two public mailboxes the page shows; general and press, support and billing (seed 000 §2). */
export const ContactInfo = z.strictObject({ generalEmail: z.string(), supportEmail: z.string() });
export type ContactInfo = z.infer<typeof ContactInfo>;

export const ContactSent = z.strictObject({ success: z.boolean(), id: z.string(), message: z.string() });
export type ContactSent = z.infer<typeof ContactSent>;
