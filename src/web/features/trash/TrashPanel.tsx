/**
 * The Trash (a view of the Profile Settings side panel): deleted uploads with thumbnail, name, size, versions, the
 * date they were deleted and the days left before they go for good; Restore puts the card back on the canvas, Delete
 * forever asks first. Every action is a button, reached with Tab.
 */
import { Loader2, RotateCcw, Trash2 } from 'lucide-react';
import { fill } from '@shared/messages';
import { trashMessages } from '@shared/trash';
import type { TrashItem } from '@shared/api/trash';
import { canvasButton } from '@web/ui/button';
import { cn } from '@web/lib/cn';
import { formatDate, userLocale } from '@web/lib/dates';
import { useConfirmDeleteForever } from './ConfirmDeleteForever';
import { daysLeftLabel, formatBytes, versionsLabel } from './format';
import { useDeleteForever, useRestore, useTrashList } from './hooks';

// two buttons side by side even on a 390 px phone, beside the thumbnail
const small = 'h-8 px-2.5 text-[12.5px]';

function TrashRow({ item, busy, onRestore, onDelete }: { item: TrashItem; busy: boolean; onRestore: () => void; onDelete: () => void }) {
  const soon = item.daysLeft <= 3;
  return (
    <li className="flex gap-3 rounded-xl bg-white/[0.03] p-3 ring-1 ring-white/[0.07]" data-testid="trash-item" data-name={item.name}>
      <img src={item.thumbnailUrl} alt="" loading="lazy" className="h-16 w-16 shrink-0 rounded-lg bg-black/40 object-cover ring-1 ring-white/10" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13.5px] font-medium text-zinc-100" title={item.name}>
          {item.name}
        </p>
        <p className="mt-0.5 text-[12px] tabular-nums text-zinc-400">
          {formatBytes(item.bytes)}
          {item.versions > 0 && ` · ${versionsLabel(item.versions)}`}
        </p>
        <p className="text-[12px] text-zinc-500">
          <span>{fill(trashMessages.deletedOn, { date: formatDate(item.deletedAt, 'date', userLocale()) })}</span>
          {' · '}
          <span className={soon ? 'text-amber-300' : 'text-zinc-400'} data-testid="trash-days-left">
            {daysLeftLabel(item.daysLeft)}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          <button
            type="button"
            className={cn(canvasButton.secondary, small)}
            onClick={onRestore}
            disabled={busy}
            aria-label={fill(trashMessages.restoreLabel, { name: item.name })}
          >
            {busy ? <Loader2 className="h-3.5 w-3.5 animate-spin" /> : <RotateCcw className="h-3.5 w-3.5" />}
            {trashMessages.restore}
          </button>
          <button
            type="button"
            className={cn(canvasButton.ghost, small, 'text-red-300 ring-1 ring-red-400/20 hover:bg-red-500/10 hover:text-red-200')}
            onClick={onDelete}
            disabled={busy}
            aria-label={fill(trashMessages.deleteForeverLabel, { name: item.name })}
          >
            <Trash2 className="h-3.5 w-3.5" />
            {trashMessages.deleteForever}
          </button>
        </div>
      </div>
    </li>
  );
}

export function TrashPanel() {
  const list = useTrashList();
  const restore = useRestore();
  const remove = useDeleteForever();
  const confirm = useConfirmDeleteForever((item) => remove.mutate(item));
  const items = list.data ?? [];
  const busyId = restore.isPending ? restore.variables?.id : remove.isPending ? remove.variables?.id : undefined;

  return (
    <section aria-label={trashMessages.title} data-testid="trash-panel">
      <p className="mb-4 text-[12.5px] leading-relaxed text-zinc-400">{trashMessages.intro}</p>
      {list.isLoading ? (
        <p className="flex items-center gap-2 text-[13px] text-zinc-400">
          <Loader2 className="h-4 w-4 animate-spin" />
          {trashMessages.loading}
        </p>
      ) : list.isError ? (
        <p className="text-[13px] text-red-300">{trashMessages.loadFailed}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-white/10 px-4 py-10 text-center text-[13px] text-zinc-500" data-testid="trash-empty">
          {trashMessages.empty}
        </p>
      ) : (
        <ul className="space-y-2.5">
          {items.map((item) => (
            <TrashRow key={item.id} item={item} busy={busyId === item.id} onRestore={() => restore.mutate(item)} onDelete={() => confirm.ask(item)} />
          ))}
        </ul>
      )}
      {confirm.dialog}
    </section>
  );
}
