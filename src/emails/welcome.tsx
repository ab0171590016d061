import { Text } from '@react-email/components';
import { PLANS } from '@shared/plans.js';
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
        Your email address is verified and your account is ready. Enhancing runs on the credits of a monthly plan: choose one (Basic is €
        {PLANS.basic.priceEurPerMonth} a month for {PLANS.basic.monthlyCredits} credits), then upload your renders, pick one goal (Precision, Detail or
        Creativity) and enhance them all at once.
      </Text>
      <ActionButton href={`${p.baseUrl}/pricing`}>Choose a Plan</ActionButton>
    </EmailLayout>
  );
}
