import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';
import { DetailsTable } from './payment-details.js';

/** seed 000 §3: subscription confirmed payload firstName, planName, amount, creditsAllocated, nextBillingDate, portalUrl. */
export interface SubscriptionConfirmedEmailProps extends SiteInfo {
  firstName: string;
  planName: string;
  amount: string;
  creditsAllocated: number;
  nextBillingDate: string;
  portalUrl: string;
}

export const subscriptionConfirmedSubject = (p: Pick<SubscriptionConfirmedEmailProps, 'siteName' | 'planName'>) =>
  `Your ${p.siteName} ${p.planName} subscription is active`;

export function SubscriptionConfirmedEmail(p: SubscriptionConfirmedEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`Welcome to ${p.planName}: ${p.creditsAllocated} credits are ready`} title="Subscription confirmed">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        Your {p.planName} subscription is active. {p.creditsAllocated.toLocaleString('en-US')} credits are in your account and you can start enhancing your
        renders right away.
      </Text>
      <DetailsTable
        rows={[
          ['Plan', p.planName],
          ['Amount', `${p.amount} per month`],
          ['Credits allocated', p.creditsAllocated.toLocaleString('en-US')],
          ['Next billing date', p.nextBillingDate],
        ]}
      />
      <ActionButton href={`${p.baseUrl}/enhance`}>Start Enhancing Images</ActionButton>
      <Text style={paragraph}>
        You can change or cancel your plan at any time from your <a href={p.portalUrl}>billing settings</a>.
      </Text>
    </EmailLayout>
  );
}
