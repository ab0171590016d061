import { createElement, type ReactElement } from 'react';
import { render } from '@react-email/render';
import type { SiteInfo } from './layout.js';
import { VerificationEmail, verificationSubject, type VerificationEmailProps } from './verification.js';
import { WelcomeEmail, welcomeSubject, type WelcomeEmailProps } from './welcome.js';
import { PasswordResetEmail, passwordResetSubject, type PasswordResetEmailProps } from './password-reset.js';
import { PaymentReceivedEmail, paymentReceivedSubject, type PaymentReceivedEmailProps } from './payment-received.js';
import { PaymentFailedEmail, paymentFailedSubject, type PaymentFailedEmailProps } from './payment-failed.js';
import { SubscriptionConfirmedEmail, subscriptionConfirmedSubject, type SubscriptionConfirmedEmailProps } from './subscription-confirmed.js';
import { SubscriptionCancelledEmail, subscriptionCancelledSubject, type SubscriptionCancelledEmailProps } from './subscription-cancelled.js';

export type { SiteInfo } from './layout.js';
export type { VerificationEmailProps, WelcomeEmailProps, PasswordResetEmailProps };
export type { PaymentReceivedEmailProps, PaymentFailedEmailProps, SubscriptionConfirmedEmailProps, SubscriptionCancelledEmailProps };

/**
 * Every template by name: its component, subject and sample data. The server renders from here to send;
 * the web app's /email-preview lists the same entries. Later templates (payment, admin notices) are added here.
 */
export const emailTemplates = {
  verification: {
    category: 'Authentication',
    label: 'Verification',
    component: VerificationEmail,
    subject: verificationSubject,
    sample: (site: SiteInfo): VerificationEmailProps => ({
      ...site,
      firstName: 'Alex',
      token: 'K7QM4XPA9TRC2WHN',
      verificationUrl: `${site.baseUrl}/verify/K7QM4XPA9TRC2WHN`,
    }),
  },
  welcome: {
    category: 'Authentication',
    label: 'Welcome',
    component: WelcomeEmail,
    subject: welcomeSubject,
    sample: (site: SiteInfo): WelcomeEmailProps => ({ ...site, firstName: 'Alex' }),
  },
  'password-reset': {
    category: 'Authentication',
    label: 'Password reset',
    component: PasswordResetEmail,
    subject: passwordResetSubject,
    sample: (site: SiteInfo): PasswordResetEmailProps => ({
      ...site,
      firstName: 'Alex',
      resetToken: 'H4K9QZ',
      resetUrl: `${site.baseUrl}/reset-password/H4K9QZ`,
    }),
  },
  'payment-received': {
    category: 'Payment',
    label: 'Payment received',
    component: PaymentReceivedEmail,
    subject: paymentReceivedSubject,
    sample: (site: SiteInfo): PaymentReceivedEmailProps => ({
      ...site,
      firstName: 'Alex',
      planName: 'Professional',
      amount: '€29.00',
      creditsAllocated: 500,
      nextBillingDate: '22 December 2026',
      portalUrl: `${site.baseUrl}/profile?tab=billing`,
    }),
  },
  'payment-failed': {
    category: 'Payment',
    label: 'Payment failed',
    component: PaymentFailedEmail,
    subject: paymentFailedSubject,
    sample: (site: SiteInfo): PaymentFailedEmailProps => ({
      ...site,
      firstName: 'Alex',
      planName: 'Professional',
      amount: '€29.00',
      portalUrl: `${site.baseUrl}/profile?tab=billing`,
      retryDate: '25 November 2026',
    }),
  },
  'subscription-confirmed': {
    category: 'Payment',
    label: 'Subscription confirmed',
    component: SubscriptionConfirmedEmail,
    subject: subscriptionConfirmedSubject,
    sample: (site: SiteInfo): SubscriptionConfirmedEmailProps => ({
      ...site,
      firstName: 'Alex',
      planName: 'Professional',
      amount: '€29.00',
      creditsAllocated: 500,
      nextBillingDate: '22 December 2026',
      portalUrl: `${site.baseUrl}/profile?tab=billing`,
    }),
  },
  'subscription-cancelled': {
    category: 'Payment',
    label: 'Subscription cancelled',
    component: SubscriptionCancelledEmail,
    subject: subscriptionCancelledSubject,
    sample: (site: SiteInfo): SubscriptionCancelledEmailProps => ({
      ...site,
      firstName: 'Alex',
      planName: 'Professional',
      endDate: '22 December 2026',
      portalUrl: `${site.baseUrl}/profile?tab=billing`,
    }),
  },
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailProps<N extends EmailTemplateName> = Parameters<(typeof emailTemplates)[N]['component']>[0];

export interface RenderedEmail {
  template: EmailTemplateName;
  subject: string;
  html: string;
  text: string;
}

/** Renders a template to the HTML and plain-text parts of one message. */
export async function renderEmail<N extends EmailTemplateName>(name: N, props: EmailProps<N>): Promise<RenderedEmail> {
  const entry = emailTemplates[name];
  const element = createElement(entry.component as (p: EmailProps<N>) => ReactElement, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { template: name, subject: (entry.subject as (p: EmailProps<N>) => string)(props), html, text };
}
