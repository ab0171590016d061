import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { securityEvents, session } from '@server/db/schema.js';
import type { DeviceSession, SignInEvent } from '@shared/notifications.js';

/** The user's signed-in devices (never their tokens), this one marked, and the last sign-ins and failed attempts. */
export async function listSessions(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  currentSessionId: string,
): Promise<{ sessions: DeviceSession[]; signIns: SignInEvent[] }> {
  const [rows, events] = await Promise.all([
    deps.db
      .select({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress, createdAt: session.createdAt, updatedAt: session.updatedAt })
      .from(session)
      .where(and(eq(session.userId, userId), gt(session.expiresAt, deps.clock())))
      .orderBy(desc(session.updatedAt)),
    deps.db
      .select({
        id: securityEvents.id,
        action: securityEvents.action,
        status: securityEvents.status,
        ipAddress: securityEvents.ipAddress,
        userAgent: securityEvents.userAgent,
        details: securityEvents.details,
        at: securityEvents.createdAt,
      })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, userId),
          inArray(securityEvents.action, ['sign_in', 'sign_out', 'password_reset']),
          // what a browser reported is not a sign-in the server saw
          eq(securityEvents.source, 'server'),
        ),
      )
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(10),
  ]);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      userAgent: r.userAgent,
      ipAddress: r.ipAddress,
      createdAt: r.createdAt.toISOString(),
      lastActiveAt: r.updatedAt.toISOString(),
      current: r.id === currentSessionId,
    })),
    signIns: events.map((e) => {
      const devices = (e.details as { devices?: unknown } | null)?.devices;
      return {
        id: e.id,
        action: e.action,
        status: e.status,
        ipAddress: e.ipAddress,
        userAgent: e.userAgent,
        endedDevices: Array.isArray(devices) ? devices.filter((d): d is string => typeof d === 'string') : [],
        at: e.at.toISOString(),
      };
    }),
  };
}
