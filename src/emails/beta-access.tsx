import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';
import { BETA_CREDITS } from '@shared/plans.js';

/** seed 000 §3: beta access payload firstName, email. */
export interface BetaAccessEmailProps extends SiteInfo {
  firstName: string;
  email: string;
}

export const betaAccessSubject = (p: Pick<BetaAccessEmailProps, 'siteName'>) => `Your ${p.siteName} beta access is ready`;

export function BetaAccessEmail(p: BetaAccessEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`You now have beta access to ${p.siteName} with ${BETA_CREDITS} credits`} title="Welcome to the beta!">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        Your account ({p.email}) now has beta access: {BETA_CREDITS.toLocaleString('en-US')} credits are in your account right now and are restored to{' '}
        {BETA_CREDITS.toLocaleString('en-US')} every month, with every premium feature and priority support.
      </Text>
      <Text style={paragraph}>Upload a folder of renders, pick Precision, Detail or Creativity, and enhance them all at once.</Text>
      <ActionButton href={`${p.baseUrl}/enhance`}>Start Enhancing</ActionButton>
      <Text style={paragraph}>Tell us what works and what does not by replying to this email: the beta is shaped by what you find.</Text>
    </EmailLayout>
  );
}
