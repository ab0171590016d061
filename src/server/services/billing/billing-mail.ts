import type { Deps } from '@server/deps.js';
import { renderEmail, type EmailProps } from '@emails/index.js';

export type BillingMail =
  | { template: 'payment-received'; props: Omit<EmailProps<'payment-received'>, 'siteName' | 'baseUrl' | 'portalUrl'> }
  | { template: 'subscription-confirmed'; props: Omit<EmailProps<'subscription-confirmed'>, 'siteName' | 'baseUrl' | 'portalUrl'> }
  | { template: 'payment-failed'; props: Omit<EmailProps<'payment-failed'>, 'siteName' | 'baseUrl' | 'portalUrl'> }
  | { template: 'subscription-cancelled'; props: Omit<EmailProps<'subscription-cancelled'>, 'siteName' | 'baseUrl' | 'portalUrl'> };

export interface PendingMail {
  userId: string;
  to: string;
  mail: BillingMail;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const formatMailDate = (d: Date | null | undefined) => (d ? dateFormat.format(d) : 'your next billing date');

/**
 * Sends billing e-mails after the change they describe has committed. A mail that cannot be delivered is logged and
 * stays in the outbox; it never undoes a payment already applied.
 */
export async function sendBillingMails(deps: Pick<Deps, 'config' | 'mailer' | 'logger'>, mails: PendingMail[]) {
  const site = { siteName: deps.config.SITE_NAME, baseUrl: deps.config.BASE_URL };
  // the Billing tab opens the provider's portal with a fresh session; a mailed portal link would expire
  const portalUrl = `${site.baseUrl}/profile?tab=billing`;
  for (const m of mails) {
    try {
      const rendered = await renderEmail(m.mail.template, { ...site, portalUrl, ...m.mail.props } as never);
      await deps.mailer.send({ ...rendered, to: m.to, userId: m.userId });
    } catch (err) {
      deps.logger.warn({ err, userId: m.userId, template: m.mail.template }, 'billing e-mail not delivered');
    }
  }
}
