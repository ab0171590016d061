import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { SessionUser } from '../deps.js';
import { profiles, user } from '../db/schema.js';

/**
 * A user and profile straight in the database, for service tests that need an owner but not a session.
 * Route tests sign up through the API instead.
 */
export async function insertUser(
  db: Db,
  opts: { email?: string; credits?: number; subscriptionStatus?: (typeof profiles.$inferInsert)['subscriptionStatus'] } = {},
): Promise<{ id: string; email: string }> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  const email = opts.email ?? `${id}@example.test`;
  await db.insert(user).values({ id, name: id, email, emailVerified: true });
  await db.insert(profiles).values({ userId: id, email, creditsRemaining: opts.credits ?? 0, subscriptionStatus: opts.subscriptionStatus ?? 'free' });
  return { id, email };
}

/** The signed-in user a service sees for a user made by `insertUser`. */
export const sessionUserOf = (u: { id: string; email: string }): SessionUser => ({ id: u.id, email: u.email, name: u.id, role: 'user', emailVerified: true });
