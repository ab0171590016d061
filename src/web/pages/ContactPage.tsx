import { site } from '../app/site';
import { ComingSoonPage } from './ComingSoonPage';

/** /contact: the form arrives with its own work; until then the mailboxes are the way to reach us. */
export function ContactPage() {
  return (
    <ComingSoonPage
      title="Contact"
      description={`The contact form is on its way. Meanwhile write to ${site.generalEmail} (general and press) or ${site.supportEmail} (support and billing); replies usually arrive within 24 hours.`}
    />
  );
}
export default ContactPage;
