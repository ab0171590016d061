/**
 * The Library (a view of the workspace's side panel): every upload of the account, newest first, whatever any saved
 * viewport shows, with search, date, viewport and status filters and "Load more". A click or Enter adds the upload to
 * the canvas as a card with its versions; dragging it onto the canvas places it there; one already on the canvas is
 * marked and shown instead of added twice. It stays current through the live channel (an upload on another device
 * appears without a reload).
 */
import { useContext, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { fill } from '@shared/messages';
import { libraryMessages } from '@shared/library';
import { canvasButton } from '@web/ui/button';
import { cn } from '@web/lib/cn';
import { WorkspaceContext } from '@web/features/workspace/components/workspace-context';
import { noFilters, type LibraryFilters as Filters } from './api';
import { LibraryFilters } from './LibraryFilters';
import { LibraryRow } from './LibraryRow';
import { useLibraryList, useLibraryLiveUpdates } from './hooks';
import './library.css';

export function LibraryPanel({ onAdded }: { onAdded?: () => void }) {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const list = useLibraryList(filters);
  useLibraryLiveUpdates();
  const ws = useContext(WorkspaceContext);
  const library = ws?.library ?? null;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = filters !== noFilters;

  // one already on the canvas is selected and shown, not added twice (useLibraryCards)
  const pick = async (id: string, name: string) => {
    if (library && (await library.add(id, name))) onAdded?.();
  };

  return (
    <section aria-label={libraryMessages.title} data-testid="library-panel">
      <p className="mb-3 text-[12.5px] leading-relaxed text-zinc-400">{libraryMessages.intro}</p>
      <LibraryFilters value={filters} onChange={setFilters} />
      <div className="mt-4" aria-busy={list.isFetching}>
        {list.isLoading ? (
          <p className="flex items-center gap-2 text-[13px] text-zinc-400">
            <Loader2 className="h-4 w-4 animate-spin" />
            {libraryMessages.loading}
          </p>
        ) : list.isError ? (
          <p className="text-[13px] text-red-300">{list.error instanceof Error && list.error.message ? list.error.message : libraryMessages.loadFailed}</p>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/10 px-4 py-10 text-center text-[13px] text-zinc-500" data-testid="library-empty">
            {filtered ? libraryMessages.noMatch : libraryMessages.empty}
          </p>
        ) : (
          <>
            <ul className="space-y-2" data-testid="library-list">
              {items.map((item) => (
                <LibraryRow
                  key={item.id}
                  item={item}
                  onCanvas={library?.onCanvas.has(item.id) ?? false}
                  busy={library?.adding === item.id}
                  canAdd={library !== null}
                  onPick={() => void pick(item.id, item.name)}
                />
              ))}
            </ul>
            <p className="mt-3 text-center text-[11.5px] text-zinc-500" aria-live="polite">
              {fill(libraryMessages.count, { n: items.length })}
            </p>
            {list.hasNextPage && (
              <button
                type="button"
                className={cn(canvasButton.secondary, 'mt-2 w-full')}
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                data-testid="library-load-more"
              >
                {list.isFetchingNextPage && <Loader2 className="h-4 w-4 animate-spin" />}
                {list.isFetchingNextPage ? libraryMessages.loadingMore : libraryMessages.loadMore}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
