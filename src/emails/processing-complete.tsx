import { Link, Text } from '@react-email/components';
import { ActionButton, colors, EmailLayout, paragraph, type SiteInfo } from './layout.js';

export interface ProcessingCompleteEmailProps extends SiteInfo {
  firstName: string;
  /** Enhancements and removals finished since the last such e-mail. */
  completed: number;
  failed: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const processingCompleteSubject = (p: Pick<ProcessingCompleteEmailProps, 'completed'>) =>
  p.completed === 1 ? 'Your render is ready' : `Your ${p.completed} renders are ready`;

export function ProcessingCompleteEmail(p: ProcessingCompleteEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`${plural(p.completed, 'result is', 'results are')} waiting in your workspace`} title="Processing complete">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        Everything you started has finished: {plural(p.completed, 'result is', 'results are')} ready to compare and download in your workspace.
        {p.failed > 0 ? ` ${plural(p.failed, 'job', 'jobs')} did not finish; ${p.failed === 1 ? 'its' : 'their'} credits were returned.` : ''}
      </Text>
      <ActionButton href={`${p.baseUrl}/enhance`}>Open the Workspace</ActionButton>
      <Text style={{ ...paragraph, color: '#71717a', fontSize: '13px' }}>
        Turn these emails off under{' '}
        <Link href={`${p.baseUrl}/profile?tab=settings`} style={{ color: colors.muted }}>
          Profile Settings → Settings → Notifications
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}
