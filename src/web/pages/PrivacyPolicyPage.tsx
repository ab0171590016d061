import { site } from '../app/site';
import { Mailbox } from '../features/contact/Mailbox';
import { PageHeader, Prose } from '../ui/page';

export function PrivacyPolicyPage() {
  const mail = <Mailbox kind="general" />;
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <p className="text-base">Last updated {site.legalUpdated}</p>
      </PageHeader>
      <Prose>
        <h2>1. Who we are</h2>
        <p>
          {site.operator} ("we", "us") operates the Renderlift service and is the controller of the personal data described here. We are established in{' '}
          {site.country} and process personal data under the EU General Data Protection Regulation (GDPR) and the Spanish Organic Law 3/2018 on Data Protection
          and Guarantee of Digital Rights (LOPDGDD). Questions about this policy or your data go to {mail}.
        </p>

        <h2>2. What we collect</h2>
        <ul>
          <li>
            <strong>Account data:</strong> name, e-mail address, password (stored only as a salted hash), and, if you choose, company name, VAT ID, country,
            business type and industry.
          </li>
          <li>
            <strong>Images and results:</strong> the files you upload, the masks you paint, the enhanced results, and the workspace sessions you save.
          </li>
          <li>
            <strong>Usage and billing:</strong> your plan, credit balance and history, enhancement jobs (status, size, credits used), invoices and the payment
            status reported by our payment provider. We never see or store full card numbers.
          </li>
          <li>
            <strong>Security and technical data:</strong> IP address, browser type, sign-in events and request logs, kept to protect accounts and keep the
            service running.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or by e-mail.
          </li>
        </ul>

        <h2>3. Why we use it and on what legal basis</h2>
        <ul>
          <li>
            To provide the service you signed up for — storing and enhancing your images, managing credits and plans (performance of a contract, Art. 6(1)(b)
            GDPR).
          </li>
          <li>To bill you and keep accounting records (legal obligation, Art. 6(1)(c)).</li>
          <li>To secure accounts, prevent abuse and fix faults (legitimate interest, Art. 6(1)(f)).</li>
          <li>To send service e-mails such as verification, password reset, payment receipts and maintenance notices (contract and legitimate interest).</li>
          <li>To send product news, only if you opted in; you can withdraw consent at any time (consent, Art. 6(1)(a)).</li>
        </ul>
        <p>
          <strong>We do not use your images or results to train models</strong> unless you give separate, explicit consent, and we do not sell personal data.
        </p>

        <h2>4. Who we share it with</h2>
        <p>
          We use processors bound by data processing agreements: our hosting and storage providers, our e-mail delivery provider and our payment provider
          (Stripe), which processes card data as an independent controller under its own policy. We disclose data to authorities only where the law requires it.
        </p>

        <h2>5. International transfers</h2>
        <p>
          We keep data in the European Economic Area where possible. Where a provider processes data outside it, the transfer is covered by an adequacy decision
          or the European Commission's Standard Contractual Clauses with supplementary measures.
        </p>

        <h2>6. How long we keep it</h2>
        <ul>
          <li>Account data: while your account is open, and deleted within 30 days after you delete it.</li>
          <li>Uploaded images, results and sessions: until you delete them or your account.</li>
          <li>Invoices and billing records: as long as Spanish tax and commercial law requires (generally six years).</li>
          <li>Security logs: up to 12 months.</li>
        </ul>

        <h2>7. Your rights</h2>
        <p>
          You can access, correct, delete, restrict or object to the processing of your personal data, receive it in a portable format, and withdraw consent at
          any time. Most of this is available directly in your profile, including deleting your account; for anything else write to {mail}. We answer within one
          month. You may also complain to the Spanish Data Protection Agency (Agencia Española de Protección de Datos, www.aepd.es) or your local supervisory
          authority.
        </p>

        <h2>8. Security and breach notification</h2>
        <p>
          We protect data with encryption in transit, hashed passwords, access controls, signed and expiring file links, and optional two-factor authentication.
          If a personal data breach is likely to put your rights at risk, we notify the competent supervisory authority within 72 hours of becoming aware of it,
          and inform affected users without undue delay with what happened, what data is involved and what we are doing about it.
        </p>

        <h2>9. Cookies and local storage</h2>
        <p>
          We use only what the service needs: a session cookie that keeps you signed in and browser storage for preferences and unsaved workspace backups. We do
          not use advertising or cross-site tracking cookies, so no consent banner is needed for them.
        </p>

        <h2>10. Children</h2>
        <p>Renderlift is a professional tool and is not directed at anyone under 16. We do not knowingly collect their data.</p>

        <h2>11. Changes to this policy</h2>
        <p>When we change this policy we update the date above; for material changes we notify you by e-mail or in the app before they take effect.</p>

        <h2>12. Contact</h2>
        <p>
          {site.operator}, {site.country} — {mail}
        </p>
      </Prose>
    </>
  );
}
export default PrivacyPolicyPage;
