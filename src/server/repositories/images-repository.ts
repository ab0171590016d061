import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { images } from '../db/schema.js';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

/** The images table, as the job services read and write it. */
export async function findImageById(db: Db | Tx, id: string): Promise<ImageRow | null> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row ?? null;
}

export async function insertImage(db: Db | Tx, values: NewImageRow): Promise<{ id: string }> {
  const [row] = await db.insert(images).values(values).returning({ id: images.id });
  return row;
}

export async function deleteImageById(db: Db | Tx, id: string): Promise<void> {
  await db.delete(images).where(eq(images.id, id));
}

export async function deleteImageByPath(db: Db | Tx, bucket: string, path: string): Promise<void> {
  await db.delete(images).where(and(eq(images.bucket, bucket), eq(images.path, path)));
}
