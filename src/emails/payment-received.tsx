import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';
import { DetailsTable } from './payment-details.js';

/** seed 000 §3: payment received payload firstName, planName, amount, creditsAllocated, nextBillingDate, portalUrl. */
export interface PaymentReceivedEmailProps extends SiteInfo {
  firstName: string;
  planName: string;
  amount: string;
  creditsAllocated: number;
  nextBillingDate: string;
  portalUrl: string;
}

export const paymentReceivedSubject = (p: Pick<PaymentReceivedEmailProps, 'siteName' | 'planName'>) => `Payment received for your ${p.planName} plan`;

export function PaymentReceivedEmail(p: PaymentReceivedEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`We received your payment of ${p.amount}`} title="Payment received">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>Thank you: we received your payment for the {p.planName} plan. Your credits have been refreshed for the new billing period.</Text>
      <DetailsTable
        rows={[
          ['Plan', p.planName],
          ['Amount', p.amount],
          ['Credits allocated', p.creditsAllocated.toLocaleString('en-US')],
          ['Next billing date', p.nextBillingDate],
        ]}
      />
      <ActionButton href={p.portalUrl}>Manage Subscription</ActionButton>
    </EmailLayout>
  );
}
