import { and, eq, isNotNull } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import { images } from '@server/db/schema.js';

export type ImageRow = typeof images.$inferSelect;

/**
 * Every stored file derived from each of `rootIds`, however deep: an enhancement of an upload, a removal on that
 * enhancement, a removal on that removal. Results belong to the upload they descend from, whatever a saved
 * viewport says. One query for all roots.
 */
export async function descendantsByRoot(deps: Pick<Deps, 'db'>, userId: string, rootIds: string[]): Promise<Map<string, ImageRow[]>> {
  const out = new Map<string, ImageRow[]>(rootIds.map((id) => [id, []]));
  if (rootIds.length === 0) return out;
  const derived = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.userId, userId), isNotNull(images.sourceImageId)));
  const children = new Map<string, ImageRow[]>();
  for (const row of derived) {
    const list = children.get(row.sourceImageId!) ?? [];
    list.push(row);
    children.set(row.sourceImageId!, list);
  }
  for (const root of rootIds) {
    const found = out.get(root)!;
    const seen = new Set<string>([root]);
    const stack = [root];
    while (stack.length > 0) {
      for (const child of children.get(stack.pop()!) ?? []) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        found.push(child);
        stack.push(child.id);
      }
    }
  }
  return out;
}
