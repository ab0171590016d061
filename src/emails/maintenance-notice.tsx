import { Section, Text } from '@react-email/components';
import { EmailLayout, Lines, paragraph, type SiteInfo } from './layout.js';

/** seed 000 §3: maintenance payload firstName, email, message, estimatedCompletionTime, severity (error or warning). */
export interface MaintenanceNoticeEmailProps extends SiteInfo {
  firstName: string;
  email: string;
  message: string;
  estimatedCompletionTime: string;
  severity: 'warning' | 'error';
  /** The recipient's one-click unsubscribe link (an account's address only). */
  unsubscribeUrl?: string;
}

export const maintenanceNoticeSubject = (p: Pick<MaintenanceNoticeEmailProps, 'siteName' | 'severity'>) =>
  p.severity === 'error' ? `${p.siteName} service disruption` : `Scheduled maintenance at ${p.siteName}`;

const tone = {
  warning: { background: '#fffbeb', border: '#f59e0b', text: '#92400e', label: 'Scheduled maintenance' },
  error: { background: '#fef2f2', border: '#ef4444', text: '#991b1b', label: 'Service disruption' },
};

export function MaintenanceNoticeEmail(p: MaintenanceNoticeEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  const t = tone[p.severity];
  return (
    <EmailLayout site={site} preview={`${t.label}: ${p.message.slice(0, 100)}`} title={t.label} unsubscribeUrl={p.unsubscribeUrl}>
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Section style={{ backgroundColor: t.background, borderLeft: `4px solid ${t.border}`, borderRadius: '6px', margin: '0 0 16px', padding: '12px 16px' }}>
        <Text style={{ ...paragraph, color: t.text, margin: 0 }}>
          <Lines text={p.message} />
        </Text>
      </Section>
      <Text style={paragraph}>
        <strong>Estimated completion:</strong> {p.estimatedCompletionTime}
      </Text>
      <Text style={paragraph}>
        Your images, results and credits are safe. Enhancements that are running when the work starts are finished or their credits are returned. We will let
        you know when everything is back to normal.
      </Text>
      <Text style={{ ...paragraph, color: '#71717a', fontSize: '13px' }}>
        This notice went to {p.email} because the account uses {p.siteName}.
      </Text>
    </EmailLayout>
  );
}
