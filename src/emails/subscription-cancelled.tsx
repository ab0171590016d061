import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';
import { DetailsTable } from './payment-details.js';

/** seed 000 §3: cancelled payload firstName, planName, endDate, portalUrl. */
export interface SubscriptionCancelledEmailProps extends SiteInfo {
  firstName: string;
  planName: string;
  endDate: string;
  portalUrl: string;
}

export const subscriptionCancelledSubject = (p: Pick<SubscriptionCancelledEmailProps, 'planName'>) => `Your ${p.planName} subscription has been cancelled`;

export function SubscriptionCancelledEmail(p: SubscriptionCancelledEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`Your ${p.planName} plan stays active until ${p.endDate}`} title="Subscription cancelled">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        Your {p.planName} subscription has been cancelled. You keep access to your plan and its credits until {p.endDate}; after that your account moves to the
        free plan.
      </Text>
      <DetailsTable
        rows={[
          ['Plan', p.planName],
          ['Access until', p.endDate],
        ]}
      />
      <Text style={paragraph}>Changed your mind? You can reactivate your subscription any time before that date.</Text>
      <ActionButton href={p.portalUrl}>Reactivate Subscription</ActionButton>
    </EmailLayout>
  );
}
