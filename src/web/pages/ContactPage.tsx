import { Clock, LifeBuoy, Mail } from 'lucide-react';
import { PageHeader } from '../ui/page';
import { ContactForm } from '../features/contact/ContactForm';
import { useContactMailboxes } from '../features/contact/Mailbox';

/** /contact (seed 000 §2): the form, the two public mailboxes (as the server is configured) and the reply time. */
export function ContactPage() {
  // the server's own configuration (CONTACT_*_EMAIL), never an address built into the page
  const info = useContactMailboxes();
  const card = 'rounded-2xl border border-white/10 bg-zinc-900/50 p-5';
  return (
    <>
      <PageHeader eyebrow="Contact" title="Talk to the people behind Renderlift">
        Questions about plans, a render that did not come out as expected, or a studio that wants to work with us: write and we answer.
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <ContactForm />
        <aside className="space-y-4" aria-label="Other ways to reach us">
          {[
            { icon: Mail, title: 'General and press', email: info.generalEmail, testId: 'general-mailbox' },
            { icon: LifeBuoy, title: 'Support and billing', email: info.supportEmail, testId: 'support-mailbox' },
          ].map(({ icon: Icon, title, email, testId }) => (
            <div key={testId} className={card}>
              <Icon className="size-5 text-violet-300" aria-hidden />
              <h2 className="mt-3 font-semibold text-white">{title}</h2>
              {email ? (
                <a href={`mailto:${email}`} className="mt-1 block break-all text-sm text-violet-300 hover:underline" data-testid={testId}>
                  {email}
                </a>
              ) : (
                <span className="mt-1 block h-5 w-40 animate-pulse rounded bg-white/5" aria-hidden />
              )}
            </div>
          ))}
          <div className={card}>
            <Clock className="size-5 text-violet-300" aria-hidden />
            <h2 className="mt-3 font-semibold text-white">Reply time</h2>
            <p className="mt-1 text-sm text-zinc-400">Replies usually arrive within 24 hours.</p>
          </div>
        </aside>
      </div>
    </>
  );
}
export default ContactPage;
