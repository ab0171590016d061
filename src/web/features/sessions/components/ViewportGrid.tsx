import { useState } from 'react';
import { ImageIcon, Loader2, Plus, Trash2 } from 'lucide-react';
import { msg } from '@shared/messages';
import type { SessionSummary } from '../api';
import { formatDate, userLocale } from '@web/lib/dates';
import { useConfirmDeleteViewport } from './ConfirmDeleteViewport';
import { NewViewportDialog } from './NewViewportDialog';

/**
 * The saved viewports as cards (seed 000 §2, Profile side panel and Viewport Manager): name, last updated date,
 * image count, a delete icon on hover, a create-viewport card first; 'No Saved Viewports' when there are none.
 * Deleting asks first; creating asks for the new viewport's name (and offers to save unsaved work first).
 */
export function ViewportGrid({
  sessions,
  loading,
  onOpen,
  onDelete,
  onCreated,
  busyId,
  columns = 'grid-cols-[repeat(auto-fill,minmax(200px,1fr))]',
}: {
  sessions: SessionSummary[];
  loading?: boolean;
  onOpen: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
  /** Shows the create-viewport card; called once the new viewport exists. */
  onCreated?: () => void;
  busyId?: string | null;
  columns?: string;
}) {
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDeleteViewport(onDelete);
  return (
    <div>
      {confirmDelete.dialog}
      {onCreated && <NewViewportDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />}
      <ul className={`grid gap-3 ${columns}`} data-testid="viewport-grid">
        {onCreated && (
          <li>
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="flex h-full min-h-[112px] w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-white/15 bg-white/[0.02] text-[13px] font-medium text-zinc-300 transition hover:border-violet-400/60 hover:bg-violet-500/[0.06] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
              data-testid="viewport-create"
            >
              <Plus className="h-5 w-5" />
              {msg('viewportCreate')}
            </button>
          </li>
        )}
        {sessions.map((s) => (
          <li key={s.id} className="group relative" data-testid="viewport-card" data-name={s.session_name} data-active={s.is_active}>
            <button
              type="button"
              onClick={() => onOpen(s)}
              disabled={busyId === s.id}
              className={`flex min-h-[112px] w-full flex-col justify-between rounded-xl border p-3.5 text-left transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 ${
                s.is_active ? 'border-violet-400/50 bg-violet-500/[0.08]' : 'border-white/10 bg-white/[0.03] hover:border-white/20 hover:bg-white/[0.06]'
              }`}
            >
              <span className="flex items-start gap-2 pr-7">
                <span className="line-clamp-2 break-words text-[14px] font-semibold text-zinc-100">{s.session_name}</span>
                {busyId === s.id && <Loader2 className="mt-0.5 h-3.5 w-3.5 shrink-0 animate-spin text-violet-300" />}
              </span>
              <span className="mt-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-[12px] text-zinc-400">
                <span className="whitespace-nowrap">{msg('viewportUpdatedAt', { date: formatDate(s.updated_at, 'dateTime', userLocale()) })}</span>
                <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
                  <ImageIcon className="h-3.5 w-3.5" />
                  {msg(s.image_count === 1 ? 'viewportImageCountOne' : 'viewportImageCount', { n: s.image_count })}
                </span>
              </span>
              {s.is_active && <span className="mt-2 text-[11px] font-semibold uppercase tracking-wider text-violet-300">{msg('sessionCurrent')}</span>}
            </button>
            <button
              type="button"
              aria-label={msg('viewportDeleteLabel', { name: s.session_name })}
              title={msg('sessionDelete')}
              onClick={() => confirmDelete.ask(s)}
              className="absolute right-2 top-2 flex h-7 w-7 items-center justify-center rounded-md text-zinc-400 opacity-0 transition hover:bg-red-500/20 hover:text-red-300 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-400 group-hover:opacity-100"
              data-testid="viewport-delete"
            >
              <Trash2 className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ul>
      {!loading && sessions.length === 0 && (
        <div className="mt-6 flex flex-col items-center gap-1 py-6 text-center" data-testid="viewports-empty">
          <p className="text-[15px] font-semibold text-zinc-200">{msg('viewportsEmpty')}</p>
          <p className="text-[13px] text-zinc-500">{msg('viewportsEmptyBody')}</p>
        </div>
      )}
      {loading && (
        <div className="mt-6 flex justify-center text-zinc-500">
          <Loader2 className="h-5 w-5 animate-spin" />
        </div>
      )}
    </div>
  );
}
