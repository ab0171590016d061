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
import { ContactNotificationEmail, contactNotificationSubject, type ContactNotificationEmailProps } from './contact-notification.js';
import { ContactConfirmationEmail, contactConfirmationSubject, type ContactConfirmationEmailProps } from './contact-confirmation.js';
import { BetaAccessEmail, betaAccessSubject, type BetaAccessEmailProps } from './beta-access.js';
import { ApplicationAvailableEmail, applicationAvailableSubject, type ApplicationAvailableEmailProps } from './application-available.js';
import { MaintenanceNoticeEmail, maintenanceNoticeSubject, type MaintenanceNoticeEmailProps } from './maintenance-notice.js';
import { ProcessingCompleteEmail, processingCompleteSubject, type ProcessingCompleteEmailProps } from './processing-complete.js';
import { LowCreditsEmail, lowCreditsSubject, type LowCreditsEmailProps } from './low-credits.js';
import {
  AccountDeletedEmail,
  accountDeletedSubject,
  BackupCodesRegeneratedEmail,
  backupCodesRegeneratedSubject,
  PasswordChangedEmail,
  passwordChangedSubject,
  TwoFactorDisabledEmail,
  twoFactorDisabledSubject,
  TwoFactorEnabledEmail,
  twoFactorEnabledSubject,
  type PasswordChangedEmailProps,
  type SecurityNoticeEmailProps,
} from './security-notices.js';

export type { SiteInfo } from './layout.js';
export type { VerificationEmailProps, WelcomeEmailProps, PasswordResetEmailProps };
export type { PaymentReceivedEmailProps, PaymentFailedEmailProps, SubscriptionConfirmedEmailProps, SubscriptionCancelledEmailProps };
export type { PasswordChangedEmailProps, SecurityNoticeEmailProps };
export type { ContactNotificationEmailProps, ContactConfirmationEmailProps, BetaAccessEmailProps, ApplicationAvailableEmailProps, MaintenanceNoticeEmailProps };

/** The tabs of /email-preview (seed 000 §2), in order. */
export const EMAIL_CATEGORIES = ['Payment', 'Authentication', 'Contact', 'Account', 'System'] as const;

/**
 * Every template by name: its component, subject and sample data. The server renders from here to send;
 * /email-preview shows the same entries, rendered with their sample data.
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
  'password-changed': {
    category: 'Authentication',
    label: 'Password changed',
    component: PasswordChangedEmail,
    subject: passwordChangedSubject,
    sample: (site: SiteInfo): PasswordChangedEmailProps => ({ ...site, firstName: 'Alex', when: '22 November 2026, 14:05 UTC', othersSignedOut: true }),
  },
  'two-factor-enabled': {
    category: 'Authentication',
    label: 'Two-factor turned on',
    component: TwoFactorEnabledEmail,
    subject: twoFactorEnabledSubject,
    sample: (site: SiteInfo): SecurityNoticeEmailProps => ({ ...site, firstName: 'Alex', when: '22 November 2026, 14:05 UTC' }),
  },
  'two-factor-disabled': {
    category: 'Authentication',
    label: 'Two-factor turned off',
    component: TwoFactorDisabledEmail,
    subject: twoFactorDisabledSubject,
    sample: (site: SiteInfo): SecurityNoticeEmailProps => ({ ...site, firstName: 'Alex', when: '22 November 2026, 14:05 UTC' }),
  },
  'backup-codes-regenerated': {
    category: 'Authentication',
    label: 'Backup codes regenerated',
    component: BackupCodesRegeneratedEmail,
    subject: backupCodesRegeneratedSubject,
    sample: (site: SiteInfo): SecurityNoticeEmailProps => ({ ...site, firstName: 'Alex', when: '22 November 2026, 14:05 UTC' }),
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
  'contact-notification': {
    category: 'Contact',
    label: 'Business contact notification',
    component: ContactNotificationEmail,
    subject: contactNotificationSubject,
    sample: (site: SiteInfo): ContactNotificationEmailProps => ({
      ...site,
      name: 'Jordan Smith',
      email: 'jordan@studio.example',
      company: 'Smith Visualisation',
      inquiryType: 'support',
      subject: 'Batch of 40 renders at 4×',
      message: 'Hello,\nwe render interiors for a developer and would like to enhance about 40 images a week at 4×. Which plan fits?',
    }),
  },
  'contact-confirmation': {
    category: 'Contact',
    label: 'Contact confirmation',
    component: ContactConfirmationEmail,
    subject: contactConfirmationSubject,
    sample: (site: SiteInfo): ContactConfirmationEmailProps => ({ ...site, name: 'Jordan Smith', email: 'jordan@studio.example' }),
  },
  'beta-access': {
    category: 'Account',
    label: 'Beta access',
    component: BetaAccessEmail,
    subject: betaAccessSubject,
    sample: (site: SiteInfo): BetaAccessEmailProps => ({ ...site, firstName: 'Alex', email: 'alex@studio.example' }),
  },
  'account-deleted': {
    category: 'Account',
    label: 'Account deleted',
    component: AccountDeletedEmail,
    subject: accountDeletedSubject,
    sample: (site: SiteInfo): SecurityNoticeEmailProps => ({ ...site, firstName: 'Alex', when: '22 November 2026, 14:05 UTC' }),
  },
  'processing-complete': {
    category: 'Account',
    label: 'Processing complete',
    component: ProcessingCompleteEmail,
    subject: processingCompleteSubject,
    sample: (site: SiteInfo): ProcessingCompleteEmailProps => ({ ...site, firstName: 'Alex', completed: 6, failed: 1 }),
  },
  'low-credits': {
    category: 'Account',
    label: 'Low credits',
    component: LowCreditsEmail,
    subject: lowCreditsSubject,
    sample: (site: SiteInfo): LowCreditsEmailProps => ({ ...site, firstName: 'Alex', creditsRemaining: 4, resetDate: '22 December 2026' }),
  },
  'application-available': {
    category: 'System',
    label: 'Application available',
    component: ApplicationAvailableEmail,
    subject: applicationAvailableSubject,
    sample: (site: SiteInfo): ApplicationAvailableEmailProps => ({
      ...site,
      firstName: 'Alex',
      email: 'alex@studio.example',
      message: 'Maintenance is complete and every service is running again. Uploads, enhancements and downloads work as before.',
      callToActionText: 'Open the workspace',
    }),
  },
  'maintenance-notice': {
    category: 'System',
    label: 'Maintenance notice',
    component: MaintenanceNoticeEmail,
    subject: maintenanceNoticeSubject,
    sample: (site: SiteInfo): MaintenanceNoticeEmailProps => ({
      ...site,
      firstName: 'Alex',
      email: 'alex@studio.example',
      message: 'We are moving the service to faster machines on Saturday from 22:00 CET. Uploads and enhancements pause during the move.',
      estimatedCompletionTime: '24-48 hours',
      severity: 'warning',
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
