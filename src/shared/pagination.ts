/** Lists the server pages: which page, how many a page, how many in all. */
import { z } from 'zod';

export const PAGE_SIZE = 20;
export const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A list paged by cursor (the library): `nextCursor` names the place after the last item in the list's order, so
 * items added or removed meanwhile never shift a page; null: no more.
 */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}
