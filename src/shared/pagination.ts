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
