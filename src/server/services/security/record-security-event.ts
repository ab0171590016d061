import type { Deps } from '@server/deps.js';
import { eq } from 'drizzle-orm';
import { securityEvents, user } from '@server/db/schema.js';

export interface SecurityEventInput {
  userId?: string | null;
  email?: string | null;
  action: string;
  resource?: string | null;
  status: 'success' | 'failure' | 'info';
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
  pageUrl?: string | null;
  /** 'client' for what a browser reported (every field its sender's choice); the server's own records by default. */
  source?: 'server' | 'client';
}

/** Appends to security_events. Recording must never break the request it describes, so failures are only logged. */
export async function recordSecurityEvent(deps: Pick<Deps, 'db' | 'clock' | 'logger'>, e: SecurityEventInput): Promise<void> {
  try {
    await deps.db.insert(securityEvents).values({
      userId: e.userId ?? null,
      email: e.email ?? null,
      action: e.action,
      resource: e.resource ?? null,
      status: e.status,
      details: e.details ?? {},
      ipAddress: e.ipAddress ?? null,
      userAgent: e.userAgent?.slice(0, 500) ?? null,
      pageUrl: e.pageUrl?.slice(0, 2000) ?? null,
      source: e.source ?? 'server',
      createdAt: deps.clock(),
    });
  } catch (err) {
    deps.logger.warn({ err, action: e.action }, 'could not record security event');
  }
}

/** The account an event's e-mail belongs to, when the request itself does not say (a sign-in waiting for its second factor). */
export async function findUserIdByEmail(deps: Pick<Deps, 'db'>, email: string): Promise<string | null> {
  const [row] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}
