import { Link } from 'react-router';
import { site } from '../app/site';
import { Mailbox } from '../features/contact/Mailbox';
import { PageHeader, Prose } from '../ui/page';

export function TermsOfServicePage() {
  const support = <Mailbox kind="support" />;
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Service">
        <p className="text-base">Last updated {site.legalUpdated}</p>
      </PageHeader>
      <Prose>
        <h2>1. Agreement</h2>
        <p>
          These terms govern your use of Renderlift, operated by {site.operator} ({site.country}). By creating an account or using the service you accept them.
          If you use Renderlift for a company, you confirm you may bind it to these terms.
        </p>

        <h2>2. Accounts</h2>
        <p>
          You must give accurate information, verify your e-mail address, keep your password safe and tell us promptly about any unauthorised use. You are
          responsible for activity under your account. One person may not share an account with others.
        </p>

        <h2>3. The service, plans and credits</h2>
        <ul>
          <li>
            Enhancements and object removals consume credits. An enhancement costs one credit per started 500 pixels of the longest side of the result; the cost
            is shown before you start. Credits are charged only when a job succeeds.
          </li>
          <li>
            Each plan includes a monthly credit allowance (Free 4, Basic 200, Professional 500, Business 1000, Enterprise by agreement). Credits reset at the
            start of each billing period and when you change plan; unused credits do not roll over and have no cash value.
          </li>
          <li>
            The enhancement workspace requires a paid plan. Plan limits, such as concurrent enhancements, are listed on the{' '}
            <Link to="/pricing">pricing page</Link>.
          </li>
          <li>
            Results may be up to 64 megapixels. We may change features over time; we will not materially reduce a paid plan during a period you have paid for.
          </li>
        </ul>

        <h2>4. Payment and billing</h2>
        <p>
          Subscriptions are billed monthly in advance in euros, through our payment provider, and renew automatically until cancelled. Prices include or exclude
          VAT as shown at checkout; business customers with a valid EU VAT ID may be invoiced under the reverse-charge mechanism. If a payment fails we may
          retry it and, if it still fails, move the account to the Free plan.
        </p>

        <h2>5. Cancellation and refunds</h2>
        <p>
          You can cancel anytime from Profile → Billing. Cancellation takes effect at the end of the current billing period; you keep access until then and can
          reactivate before it ends. If you believe you were charged in error or the service did not work as described, request a refund within 30 days of the
          charge by writing to {support}. We review each request and refund approved amounts to the original payment method. Where you are a consumer in the EU,
          your statutory rights — including the right of withdrawal where it applies — are not affected.
        </p>

        <h2>6. Your content</h2>
        <p>
          You keep all rights to the images you upload and the results you create. You grant us a limited licence to store, process and display them solely to
          provide the service to you. We do not use your content to train models without your separate, explicit consent. You confirm you have the rights to
          everything you upload.
        </p>

        <h2>7. Acceptable use</h2>
        <ul>
          <li>No unlawful, infringing, or abusive content, and nothing that violates others' privacy or intellectual property.</li>
          <li>No attempts to break, overload, reverse engineer or bypass the limits or security of the service.</li>
          <li>No automated access other than through interfaces we provide, and no reselling of the service without a written agreement.</li>
        </ul>
        <p>We may suspend accounts that break these rules, after notice where reasonable.</p>

        <h2>8. Our service and intellectual property</h2>
        <p>
          The software, models, design and brand of Renderlift belong to us or our licensors. These terms do not transfer them to you beyond the right to use
          the service.
        </p>

        <h2>9. Availability and results</h2>
        <p>
          We work to keep Renderlift available and announce planned maintenance in advance, but the service is provided "as is" without a guarantee of
          uninterrupted operation. Enhancement is automated: review results before relying on them, in particular for technical or contractual documents.
        </p>

        <h2>10. Liability</h2>
        <p>
          To the extent permitted by law, our total liability for any claim is limited to the amounts you paid us in the 12 months before the event giving rise
          to it, and we are not liable for indirect or consequential losses such as lost profits or data. Nothing in these terms limits liability for intent,
          gross negligence, personal injury, or anything that cannot be limited by law.
        </p>

        <h2>11. Termination</h2>
        <p>
          You can delete your account at any time from Profile → Settings. We may terminate accounts that materially breach these terms. On termination your
          data is deleted as described in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>

        <h2>12. Changes to these terms</h2>
        <p>
          We may update these terms. For material changes we notify you at least 30 days in advance by e-mail or in the app; continuing to use Renderlift after
          they take effect means you accept them. If you do not agree, you may cancel before then.
        </p>

        <h2>13. Governing law and disputes</h2>
        <p>
          These terms are governed by the laws of Spain. Disputes are subject to the courts of Spain, except that consumers may also bring claims before the
          courts of their place of residence and keep the protection of its mandatory consumer law. The EU online dispute resolution platform is available at
          ec.europa.eu/consumers/odr.
        </p>

        <h2>14. Contact</h2>
        <p>
          {site.operator}, {site.country} — {support}
        </p>
      </Prose>
    </>
  );
}
export default TermsOfServicePage;
