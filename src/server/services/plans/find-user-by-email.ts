import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../credits/ledger.js';
import { user } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { messages } from '@shared/messages.js';

/** Addresses are stored lower-cased by sign-up; operators type them any way. */
export async function findUserIdByEmail(db: Executor, email: string): Promise<string> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND', 404, messages.adminUserNotFound);
  return row.id;
}
