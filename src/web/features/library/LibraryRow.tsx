/** One upload in the library: thumbnail, name, size, versions, date and status; a click, Enter or a drag puts it on the canvas. */
import type { DragEvent } from 'react';
import { Check, ImageIcon, Loader2, Plus, ScanSearch } from 'lucide-react';
import { fill } from '@shared/messages';
import { LIBRARY_DRAG_TYPE, libraryMessages, libraryStatusLabel } from '@shared/library';
import type { LibraryItem } from '@shared/api/library';
import { versionChainLabel } from '@shared/versions';
import { formatDate, userLocale } from '@web/lib/dates';
import { cn } from '@web/lib/cn';

const versionsLabel = (n: number) => (n === 0 ? libraryMessages.noVersions : n === 1 ? libraryMessages.versionOne : fill(libraryMessages.versions, { n }));

const statusTone: Record<LibraryItem['status'], string> = {
  enhanced: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/20',
  'not-enhanced': 'bg-white/[0.05] text-zinc-400 ring-white/10',
  processing: 'bg-violet-500/15 text-violet-200 ring-violet-400/25',
  failed: 'bg-red-500/15 text-red-300 ring-red-400/25',
};

function startDrag(e: DragEvent, item: LibraryItem) {
  e.dataTransfer.setData(LIBRARY_DRAG_TYPE, item.id);
  e.dataTransfer.setData('text/plain', item.name);
  e.dataTransfer.effectAllowed = 'copy';
  // the canvas behind the open panel takes the drop (library.css)
  document.documentElement.dataset.libraryDrag = '';
}
const endDrag = () => delete document.documentElement.dataset.libraryDrag;

export function LibraryRow({
  item,
  onCanvas,
  busy,
  canAdd,
  onPick,
}: {
  item: LibraryItem;
  onCanvas: boolean;
  busy: boolean;
  /** A canvas is there to add to (the workspace's side panel). */
  canAdd: boolean;
  onPick: () => void;
}) {
  const action = onCanvas ? libraryMessages.show : libraryMessages.add;
  const latest = item.results.at(-1);
  return (
    <li data-testid="library-item" data-name={item.name} data-on-canvas={onCanvas ? 'true' : 'false'}>
      <button
        type="button"
        draggable={canAdd}
        onDragStart={(e) => startDrag(e, item)}
        onDragEnd={endDrag}
        onClick={onPick}
        disabled={!canAdd || busy}
        aria-label={fill(onCanvas ? libraryMessages.showLabel : libraryMessages.addLabel, { name: item.name })}
        title={canAdd ? libraryMessages.dragHint : undefined}
        className={cn(
          'group flex w-full gap-3 rounded-xl bg-white/[0.03] p-2.5 text-left ring-1 ring-white/[0.07] outline-none transition hover:bg-white/[0.06] focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-default',
          onCanvas && 'ring-violet-400/30',
          canAdd && 'cursor-grab active:cursor-grabbing',
        )}
      >
        {item.thumbnailUrl ? (
          <img
            src={item.thumbnailUrl}
            alt=""
            loading="lazy"
            draggable={false}
            className="h-16 w-16 shrink-0 rounded-lg bg-black/40 object-cover ring-1 ring-white/10"
          />
        ) : (
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-black/40 ring-1 ring-white/10">
            <ImageIcon className="h-5 w-5 text-zinc-600" aria-hidden />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[13.5px] font-medium text-zinc-100" title={item.name}>
            {item.name}
          </span>
          <span className="mt-0.5 block text-[12px] tabular-nums text-zinc-400">
            {item.width} × {item.height} · {versionsLabel(item.results.length)}
          </span>
          {latest && (
            <span className="block truncate text-[12px] text-zinc-400" data-testid="library-latest">
              {fill(libraryMessages.latest, { version: versionChainLabel([latest]), width: latest.width, height: latest.height })}
            </span>
          )}
          <span className="block text-[12px] text-zinc-500">
            {fill(libraryMessages.uploadedOn, { date: formatDate(item.created_at, 'date', userLocale()) })}
          </span>
          <span className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium ring-1', statusTone[item.status])} data-testid="library-status-chip">
              {libraryStatusLabel[item.status]}
            </span>
            {onCanvas && (
              <span className="inline-flex items-center gap-1 rounded-full bg-violet-500/15 px-2 py-0.5 text-[11px] font-medium text-violet-200 ring-1 ring-violet-400/25">
                <Check className="h-3 w-3" aria-hidden />
                {libraryMessages.onCanvas}
              </span>
            )}
          </span>
        </span>
        {canAdd && (
          <span
            className="flex h-8 shrink-0 items-center gap-1 self-center rounded-lg bg-white/[0.06] px-2.5 text-[12.5px] font-medium text-zinc-200 ring-1 ring-white/10 group-hover:bg-white/[0.1]"
            aria-hidden
          >
            {busy ? <Loader2 className="h-3.5 w-3.5 animate-spin" /> : onCanvas ? <ScanSearch className="h-3.5 w-3.5" /> : <Plus className="h-3.5 w-3.5" />}
            {action}
          </span>
        )}
      </button>
    </li>
  );
}
