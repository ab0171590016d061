import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';

/** seed 000 §3: welcome payload firstName, siteName. */
export interface WelcomeEmailProps extends SiteInfo {
  firstName: string;
}

export const welcomeSubject = (p: Pick<WelcomeEmailProps, 'siteName'>) => `Welcome to ${p.siteName}`;

export function WelcomeEmail(p: WelcomeEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`Welcome to ${p.siteName}`} title={`Welcome to ${p.siteName}!`}>
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        Your email address is verified and your account is ready. Your free plan includes 4 credits every month: upload your renders, pick one goal (Precision,
        Detail or Creativity) and enhance them all at once.
      </Text>
      <ActionButton href={`${p.baseUrl}/login`}>Log In</ActionButton>
    </EmailLayout>
  );
}
