import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/database.js';
import { user } from '@server/db/schema.js';

/** Gives the account with this e-mail the admin role. Returns false when there is no such account. */
export async function makeAdmin(db: Db, email: string): Promise<{ found: boolean; alreadyAdmin: boolean }> {
  const [u] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!u) return { found: false, alreadyAdmin: false };
  if (u.role === 'admin') return { found: true, alreadyAdmin: true };
  await db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, u.id));
  return { found: true, alreadyAdmin: false };
}
