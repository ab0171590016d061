import { Text } from '@react-email/components';
import { EmailLayout, paragraph, type SiteInfo } from './layout.js';

/**
 * seed 000 §3: confirmation payload name, email. The name is left out when the sender has not shown the address is
 * theirs: the form lets anyone aim this mail at any address, so it must not carry their words.
 */
export interface ContactConfirmationEmailProps extends SiteInfo {
  name?: string;
  email: string;
}

export const contactConfirmationSubject = (p: Pick<ContactConfirmationEmailProps, 'siteName'>) => `We received your message · ${p.siteName}`;

export function ContactConfirmationEmail(p: ContactConfirmationEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview="Thanks for reaching out. Replies usually arrive within 24 hours." title="Thanks for reaching out">
      <Text style={paragraph}>Hi {p.name || 'there'},</Text>
      <Text style={paragraph}>We received your message and will reply to {p.email}. Replies usually arrive within 24 hours.</Text>
      <Text style={paragraph}>If you did not write to us, you can ignore this email.</Text>
    </EmailLayout>
  );
}
