import { desc, eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { securityEvents } from '@server/db/schema.js';

/** The signed-in user's own security events, newest first. */
export async function listSecurityEvents(deps: Pick<Deps, 'db'>, userId: string, limit = 50) {
  const rows = await deps.db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    resource: r.resource,
    status: r.status,
    details: r.details,
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    page_url: r.pageUrl,
    source: r.source,
    created_at: r.createdAt.toISOString(),
  }));
}
