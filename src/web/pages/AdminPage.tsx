import { PageHeader } from '../ui/page';
import { ServiceStatusSection } from '../features/admin/ServiceStatusSection';
import { NotificationSection } from '../features/admin/NotificationSection';
import { CampaignHistorySection } from '../features/admin/CampaignHistorySection';
import { BetaAccessSection, ComplimentaryPlanSection } from '../features/admin/GrantsSection';
import { AdminsSection } from '../features/admin/AdminsSection';
import { OverviewSection } from '../features/admin/OverviewSection';
import { WorkersSection } from '../features/admin/WorkersSection';
import { ApiKeysSection } from '../features/admin/ApiKeysSection';
import { AuditLogSection, ContactMessagesSection, SecurityEventsSection } from '../features/admin/RecordsSections';

const SECTIONS = [
  ['overview', 'Overview'],
  ['service-status', 'Service status'],
  ['maintenance-email', 'Maintenance emails'],
  ['available-email', 'Available emails'],
  ['campaign-history', 'Notification history'],
  ['complimentary-plan', 'Complimentary plan'],
  ['beta-access', 'Beta access'],
  ['admins', 'Admins'],
  ['workers', 'Workers'],
  ['api-keys', 'API keys'],
  ['contact-messages', 'Contact messages'],
  ['audit-log', 'Audit log'],
  ['security-events', 'Security events'],
] as const;

/**
 * /admin (seed 000 §2 Admin panel): the banner, notification e-mails, grants, the admin role, and what an operator
 * checks (queue, failures, storage, users, messages, audit log, security events). Admins only: the server refuses
 * every call from anyone else, and the route shows others the 404 page.
 */
export function AdminPage() {
  return (
    <>
      <PageHeader eyebrow="Admin" title="Admin panel">
        Service status, notifications, grants and what this server is doing.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[12rem_1fr]">
        <nav aria-label="Admin sections" className="lg:sticky lg:top-[calc(var(--nav-height,4rem)+1.5rem)] lg:self-start">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="block rounded-md px-3 py-1.5 text-sm text-zinc-400 outline-none hover:bg-white/5 hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <OverviewSection />
          <ServiceStatusSection />
          <NotificationSection kind="maintenance" />
          <NotificationSection kind="application-available" />
          <CampaignHistorySection />
          <div className="grid gap-6 xl:grid-cols-2">
            <ComplimentaryPlanSection />
            <BetaAccessSection />
          </div>
          <AdminsSection />
          <WorkersSection />
          <ApiKeysSection />
          <ContactMessagesSection />
          <AuditLogSection />
          <SecurityEventsSection />
        </div>
      </div>
    </>
  );
}
export default AdminPage;
