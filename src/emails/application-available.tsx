import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, Lines, paragraph, type SiteInfo } from './layout.js';

/** seed 000 §3: application available payload firstName, email, message, callToActionText. */
export interface ApplicationAvailableEmailProps extends SiteInfo {
  firstName: string;
  email: string;
  message: string;
  callToActionText: string;
  /** The recipient's one-click unsubscribe link (an account's address only). */
  unsubscribeUrl?: string;
}

export const applicationAvailableSubject = (p: Pick<ApplicationAvailableEmailProps, 'siteName'>) => `${p.siteName} is available`;

export function ApplicationAvailableEmail(p: ApplicationAvailableEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={p.message.slice(0, 120)} title={`${p.siteName} is available`} unsubscribeUrl={p.unsubscribeUrl}>
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      {p.message.split(/\n{2,}/).map((para, i) => (
        <Text key={i} style={paragraph}>
          <Lines text={para} />
        </Text>
      ))}
      <ActionButton href={`${p.baseUrl}/enhance`}>{p.callToActionText}</ActionButton>
      <Text style={{ ...paragraph, color: '#71717a', fontSize: '13px' }}>
        You receive this because {p.email} has an account at {p.siteName}.
      </Text>
    </EmailLayout>
  );
}
