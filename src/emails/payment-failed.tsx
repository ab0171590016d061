import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';
import { DetailsTable } from './payment-details.js';

/** seed 000 §3: payment failed payload firstName, planName, amount, portalUrl, retryDate (optional). */
export interface PaymentFailedEmailProps extends SiteInfo {
  firstName: string;
  planName: string;
  amount: string;
  portalUrl: string;
  retryDate?: string;
}

export const paymentFailedSubject = (p: Pick<PaymentFailedEmailProps, 'planName'>) => `Payment failed for your ${p.planName} plan`;

export function PaymentFailedEmail(p: PaymentFailedEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`We could not collect ${p.amount} for your ${p.planName} plan`} title="Payment failed">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>
        We could not collect the payment for your {p.planName} plan. Please update your payment details so your subscription continues without interruption.
      </Text>
      <DetailsTable rows={[['Plan', p.planName], ['Amount due', p.amount], ...(p.retryDate ? [['Next attempt', p.retryDate] as [string, string]] : [])]} />
      <ActionButton href={p.portalUrl}>Update Payment Details</ActionButton>
    </EmailLayout>
  );
}
