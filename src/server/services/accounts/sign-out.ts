import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { session } from '@server/db/schema.js';
import type { SignOutScope } from '@shared/accounts/schemas.js';

/**
 * seed 001 §5: sign-out scope local (this session), others (every other session) or global (all of them).
 * Returns whether this browser's cookie must be cleared.
 */
export async function endSessions(
  deps: Pick<Deps, 'db'>,
  userId: string,
  currentSessionId: string,
  scope: SignOutScope,
): Promise<{ clearCookie: boolean; ended: { userAgent: string | null; ipAddress: string | null }[] }> {
  const ended = { userAgent: session.userAgent, ipAddress: session.ipAddress };
  if (scope === 'local') {
    return {
      clearCookie: true,
      ended: await deps.db
        .delete(session)
        .where(and(eq(session.id, currentSessionId), eq(session.userId, userId)))
        .returning(ended),
    };
  }
  if (scope === 'others') {
    return {
      clearCookie: false,
      ended: await deps.db
        .delete(session)
        .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
        .returning(ended),
    };
  }
  return { clearCookie: true, ended: await deps.db.delete(session).where(eq(session.userId, userId)).returning(ended) };
}
