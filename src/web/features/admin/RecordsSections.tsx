import { useState } from 'react';
import { cn } from '@web/lib/cn';
import { INQUIRY_LABELS } from '@shared/contact';
import { adminApi } from './api';
import { contactReplyHref } from './contact-reply';
import { AdminCard } from './AdminCard';
import { describeAuditDetails } from './audit-details';
import type { AuditEntry } from '@shared/api/admin';
import { PagedList, when } from '@web/ui/paged-list';

const ACTION_LABELS: Record<string, string> = {
  'service_status.update': 'Service status changed',
  'notification.maintenance': 'Maintenance emails',
  'notification.application_available': 'Application available emails',
  'grant.complimentary_plan': 'Complimentary plan granted',
  'grant.beta_access': 'Beta access granted',
  'role.grant_admin': 'Admin role given',
  'role.revoke_admin': 'Admin role taken',
  'worker_token.create': 'Worker token created',
  'worker_token.revoke': 'Worker token revoked',
  'api_key.revoke': 'API key revoked',
};

function AuditDetails({ entry }: { entry: AuditEntry }) {
  const text = describeAuditDetails(entry);
  if (!text) return null;
  return (
    <p className={cn('basis-full break-words text-xs', entry.result === 'failure' ? 'text-red-300' : 'text-zinc-400')} data-testid="audit-details">
      {text}
    </p>
  );
}

/** Every admin action: who, what, to whom, when, what changed, and how it ended. */
export function AuditLogSection() {
  return (
    <AdminCard id="audit-log" title="Audit log" description="Every action taken on this panel, newest first.">
      <PagedList
        queryKey={['admin', 'audit-log']}
        load={adminApi.auditLog}
        empty="No admin actions yet."
        testId="audit-log"
        row={(e) => (
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span
              className={cn(
                'rounded px-1.5 py-0.5 text-xs font-medium',
                e.result === 'success' ? 'bg-emerald-950 text-emerald-300' : 'bg-red-950 text-red-300',
              )}
            >
              {e.result}
            </span>
            <span className="font-medium text-zinc-100">{ACTION_LABELS[e.action] ?? e.action}</span>
            {e.target && <span className="text-zinc-400">{e.target}</span>}
            <span className="ml-auto text-xs text-zinc-500">
              {e.actorEmail ?? 'deleted admin'} · {when(e.createdAt)}
            </span>
            <AuditDetails entry={e} />
          </div>
        )}
      />
    </AdminCard>
  );
}

/** Messages sent through /contact, newest first. */
export function ContactMessagesSection() {
  return (
    <AdminCard id="contact-messages" title="Contact messages" description="Sent through the contact page; the mailbox of each type was notified.">
      <PagedList
        queryKey={['admin', 'contact-messages']}
        load={adminApi.contactMessages}
        empty="No messages yet."
        testId="contact-messages"
        row={(m) => (
          <details className="group">
            <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 outline-none focus-visible:ring-2 focus-visible:ring-violet-400">
              <span className="font-medium text-zinc-100">{m.subject}</span>
              <span className="text-zinc-400">
                {m.name} &lt;{m.email}&gt;
              </span>
              <span className="ml-auto text-xs text-zinc-500">
                {INQUIRY_LABELS[m.inquiryType]} · {when(m.createdAt)}
              </span>
            </summary>
            <p className="mt-2 whitespace-pre-line text-zinc-300">{m.message}</p>
            <a href={contactReplyHref(m.email, m.subject)} className="mt-2 inline-block text-xs text-violet-300 hover:underline">
              Reply by email
            </a>
          </details>
        )}
      />
    </AdminCard>
  );
}

/** Sign-ins, sign-in failures, rate-limit hits and other recorded security events. */
export function SecurityEventsSection() {
  const [failures, setFailures] = useState(false);
  return (
    <AdminCard
      id="security-events"
      title="Security events"
      description="Recorded sign-ins, failures and rate-limit hits; reports sent by browsers are marked as such."
    >
      <label className="mb-3 flex items-center gap-2 text-sm text-zinc-300">
        <input type="checkbox" checked={failures} onChange={(e) => setFailures(e.target.checked)} className="accent-violet-500" />
        Only failures
      </label>
      <PagedList
        queryKey={['admin', 'security-events', failures]}
        load={(page) => adminApi.securityEvents(page, failures)}
        empty="Nothing recorded."
        row={(e) => (
          <div className="flex flex-wrap items-baseline gap-x-3">
            <span className={cn('text-xs font-medium', e.status === 'failure' ? 'text-red-300' : 'text-zinc-400')}>{e.status}</span>
            <span className="text-zinc-100">{e.action}</span>
            {e.source === 'client' && (
              <span
                className="rounded bg-amber-950 px-1.5 py-0.5 text-xs text-amber-300"
                title="Sent by a web page; anyone can send one, so nothing in it is verified."
              >
                reported by a browser
              </span>
            )}
            <span className="text-zinc-400">{e.email ?? '—'}</span>
            <span className="ml-auto text-xs text-zinc-500">
              {e.ipAddress ?? ''} · {when(e.at)}
            </span>
          </div>
        )}
      />
    </AdminCard>
  );
}
