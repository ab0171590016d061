import { Section, Text } from '@react-email/components';
import { EmailLayout, Lines, paragraph, type SiteInfo } from './layout.js';

/** seed 000 §3: business notification payload name, email, company (optional), message; with the inquiry's type and subject. */
export interface ContactNotificationEmailProps extends SiteInfo {
  name: string;
  email: string;
  company?: string;
  inquiryType: string;
  subject: string;
  message: string;
}

export const contactNotificationSubject = (p: Pick<ContactNotificationEmailProps, 'subject' | 'inquiryType'>) => `[Contact · ${p.inquiryType}] ${p.subject}`;

const row = { ...paragraph, margin: '0 0 4px' };

export function ContactNotificationEmail(p: ContactNotificationEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`${p.name} wrote: ${p.subject}`} title="New contact message">
      <Text style={row}>
        <strong>From:</strong> {p.name} &lt;{p.email}&gt;
      </Text>
      {p.company ? (
        <Text style={row}>
          <strong>Company:</strong> {p.company}
        </Text>
      ) : null}
      <Text style={row}>
        <strong>Inquiry:</strong> {p.inquiryType}
      </Text>
      <Text style={{ ...row, margin: '0 0 16px' }}>
        <strong>Subject:</strong> {p.subject}
      </Text>
      <Section style={{ backgroundColor: '#f4f4f5', borderRadius: '8px', padding: '12px 16px' }}>
        <Text style={{ ...paragraph, margin: 0 }}>
          <Lines text={p.message} />
        </Text>
      </Section>
      <Text style={{ ...paragraph, marginTop: '16px' }}>Reply to {p.email} directly; the sender was told to expect an answer within 24 hours.</Text>
    </EmailLayout>
  );
}
