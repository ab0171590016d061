import { desc } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { emailOutbox } from '../db/schema.js';

export type OutboxMessage = typeof emailOutbox.$inferSelect;

/** The latest messages of the outbox, newest first. */
export function latestOutboxMessages(db: Db, limit: number): Promise<OutboxMessage[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
