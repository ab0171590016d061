import { eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { session, user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { messages } from '@shared/messages.js';
import { cannotDemoteSelf } from '@shared/admin.js';

/**
 * Gives or takes the admin role by e-mail. An admin cannot take their own role (the last way in must not be locked
 * by accident); the changed user's sessions are ended so the new role holds from their next sign-in everywhere.
 */
export async function setAdminRole(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { email: string; admin: boolean; actorId: string },
): Promise<{ userId: string; changed: boolean; roleBefore: string; roleAfter: string }> {
  return deps.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, input.email.trim().toLowerCase()))
      .limit(1);
    if (!u) throw new AppError('USER_NOT_FOUND', 404, messages.adminUserNotFound);
    if (!input.admin && u.id === input.actorId) throw new AppError('CANNOT_DEMOTE_SELF', 400, cannotDemoteSelf);
    const role = input.admin ? 'admin' : 'user';
    if (u.role === role) return { userId: u.id, changed: false, roleBefore: u.role, roleAfter: role };
    await tx.update(user).set({ role, updatedAt: deps.clock() }).where(eq(user.id, u.id));
    if (!input.admin) await tx.delete(session).where(eq(session.userId, u.id));
    return { userId: u.id, changed: true, roleBefore: u.role, roleAfter: role };
  });
}

export async function listAdmins(deps: Pick<Deps, 'db'>): Promise<{ id: string; email: string; name: string }[]> {
  return deps.db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.role, 'admin')).orderBy(user.email);
}
