import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { profiles, user } from '../db/schema.js';

export interface AccountRecipient {
  email: string;
  /** The name the e-mail greets; null when the profile has none. */
  firstName: string | null;
}

/** Where an e-mail to an account goes, or null when the account does not exist. */
export async function findAccountRecipient(db: Db | Tx, userId: string): Promise<AccountRecipient | null> {
  const [u] = await db
    .select({ email: user.email, firstName: profiles.firstName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return u ?? null;
}
