import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';

export interface LowCreditsEmailProps extends SiteInfo {
  firstName: string;
  creditsRemaining: number;
  /** When the monthly allowance is restored, as a date the reader understands; absent for plans without a reset. */
  resetDate?: string;
}

export const lowCreditsSubject = (p: Pick<LowCreditsEmailProps, 'creditsRemaining'>) =>
  `You have ${p.creditsRemaining} ${p.creditsRemaining === 1 ? 'credit' : 'credits'} left`;

export function LowCreditsEmail(p: LowCreditsEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`Your ${p.siteName} balance is down to ${p.creditsRemaining}`} title="You are running low on credits">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        Your balance is down to {p.creditsRemaining} {p.creditsRemaining === 1 ? 'credit' : 'credits'}.
        {p.resetDate ? ` Your monthly allowance is restored on ${p.resetDate}.` : ''} A larger plan keeps a whole project moving.
      </Text>
      <ActionButton href={`${p.baseUrl}/pricing`}>See Plans</ActionButton>
      <Text style={{ ...paragraph, color: '#71717a', fontSize: '13px' }}>
        We send this once each time your balance drops this low. Turn it off under Profile Settings → Settings → Notifications.
      </Text>
    </EmailLayout>
  );
}
