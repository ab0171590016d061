import { ComingSoonPage } from './ComingSoonPage';

/** /admin: the router's admin guard wraps this page. */
export function AdminPage() {
  return (
    <ComingSoonPage
      title="Admin panel"
      description="Service status banner, maintenance and availability e-mails, complimentary plans and beta access will be managed here."
    />
  );
}
export default AdminPage;
