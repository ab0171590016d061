import type { AuditEntry } from '@shared/api/admin';

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown): v is string => typeof v === 'string';
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function banner(v: unknown): string {
  const s = (v ?? {}) as { enabled?: unknown; message?: unknown; type?: unknown };
  if (s.enabled !== true) return 'off';
  return `${str(s.type) ? s.type : 'info'} “${str(s.message) ? s.message : ''}”`;
}

const credits = (d: Record<string, unknown>) => (num(d.balanceBefore) && num(d.balanceAfter) ? `credits ${d.balanceBefore} → ${d.balanceAfter}` : null);

/**
 * One line saying what an admin action changed, from its audit details: the banner before and after, the plan by
 * name, the recipients of a batch, the balance and the role before and after; for a refusal, what the admin was told.
 */
export function describeAuditDetails(e: Pick<AuditEntry, 'action' | 'result' | 'details'>): string | null {
  const d = e.details;
  if (e.result === 'failure') return str(d.message) ? d.message : null;
  switch (e.action) {
    case 'service_status.update':
      return 'before' in d ? `banner ${banner(d.before)} → ${banner(d)}` : `banner ${banner(d)}`;
    case 'notification.maintenance':
    case 'notification.application_available': {
      if (!num(d.recipients)) return null;
      const parts = [plural(d.recipients, 'recipient', 'recipients') + (str(d.audience) ? ` (${d.audience})` : '')];
      if (num(d.optedOut) && d.optedOut > 0) parts.push(`${d.optedOut.toLocaleString('en-US')} opted out`);
      if (str(d.severity)) parts.push(d.severity);
      return parts.join(' · ') + (str(d.message) ? `: “${d.message}”` : '');
    }
    case 'grant.complimentary_plan': {
      const plan = str(d.planName) ? d.planName : str(d.tier) ? d.tier : null;
      const until = str(d.expiresAt) ? ` until ${d.expiresAt.slice(0, 10)}` : '';
      return [plan && `${plan}${until}`, credits(d)].filter(Boolean).join(' · ') || null;
    }
    case 'grant.beta_access': {
      const c = credits(d);
      return c && `${c}${d.alreadyHadBeta === true ? ' (already had beta access)' : ''}`;
    }
    case 'role.grant_admin':
    case 'role.revoke_admin':
      if (str(d.roleBefore) && str(d.roleAfter))
        return d.changed === false ? `role already ${d.roleAfter}, nothing changed` : `role ${d.roleBefore} → ${d.roleAfter}`;
      return null;
    case 'worker_token.create': {
      const caps = Array.isArray(d.capabilities) && d.capabilities.length ? ` · ${d.capabilities.join(', ')}` : '';
      return str(d.prefix) ? `${d.prefix}…${caps}${typeof d.maxConcurrency === 'number' ? ` · up to ${d.maxConcurrency} at once` : ''}` : null;
    }
    case 'api_key.revoke':
      return str(d.prefix) && str(d.owner) ? `${d.prefix}… of ${d.owner}` : null;
    default:
      return null;
  }
}
