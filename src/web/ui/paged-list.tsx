import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { formatDate } from '../lib/dates';
import type { Page } from '@shared/pagination';

/** A read-only list the server pages: rows, an empty state, and previous/next with the position. */
export function PagedList<T extends { id: string | number }>(props: {
  queryKey: readonly unknown[];
  load: (page: number) => Promise<Page<T>>;
  empty: string;
  row: (item: T) => ReactNode;
  testId?: string;
}) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({ queryKey: [...props.queryKey, page], queryFn: () => props.load(page), placeholderData: keepPreviousData });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  if (isLoading) return <p className="text-sm text-zinc-500">Loading…</p>;
  if (!data || data.items.length === 0) return <p className="text-sm text-zinc-500">{props.empty}</p>;
  return (
    <div>
      <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid={props.testId}>
        {data.items.map((item) => (
          <li key={item.id} className="px-4 py-3 text-sm">
            {props.row(item)}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-end gap-2 text-xs text-zinc-400">
          <span>
            Page {page} of {pages} · {data.total} in all
          </span>
          <Button variant="ghost" size="sm" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" aria-label="Next page" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}

export const when = (iso: string) => formatDate(iso, 'dateTime');
