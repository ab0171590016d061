/** The library's search box and filters: upload date (from, to), saved viewport and status. */
import { useEffect, useState } from 'react';
import { Search, X } from 'lucide-react';
import { LIBRARY_SEARCH_MAX, LIBRARY_STATUSES, libraryMessages, libraryStatusLabel, type LibraryStatus } from '@shared/library';
import { useViewportList } from '@web/features/sessions/hooks';
import { cn } from '@web/lib/cn';
import { noFilters, type LibraryFilters as Filters } from './api';

/** Typing settles for this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 250;
const field =
  'h-9 w-full min-w-0 rounded-lg border border-white/10 bg-zinc-900 px-2.5 text-[13px] text-zinc-100 outline-none focus-visible:border-violet-500 focus-visible:ring-2 focus-visible:ring-violet-500/30 [color-scheme:dark]';
const label = 'mb-1 block text-[11.5px] font-medium text-zinc-400';

/** A day picked in the calendar (yyyy-mm-dd) as the instant its local day starts; `next`: the day after's start. */
export function dayStart(day: string, next = false): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T00:00:00`);
  if (next) d.setDate(d.getDate() + 1);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function LibraryFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const sessions = useViewportList();
  const [text, setText] = useState(value.q);
  const [days, setDays] = useState({ from: '', to: '' });
  useEffect(() => {
    if (text === value.q) return;
    const timer = window.setTimeout(() => onChange({ ...value, q: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);
  const setDay = (which: 'from' | 'to', day: string) => {
    setDays((d) => ({ ...d, [which]: day }));
    onChange({ ...value, [which]: day ? dayStart(day, which === 'to') : null });
  };
  const filtered = value.q !== '' || value.from !== null || value.to !== null || value.session !== null || value.status !== null;

  return (
    <div className="space-y-2.5" data-testid="library-filters">
      <label className="relative block">
        <span className="sr-only">{libraryMessages.search}</span>
        <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-zinc-500" aria-hidden />
        <input
          type="search"
          value={text}
          maxLength={LIBRARY_SEARCH_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder={libraryMessages.searchPlaceholder}
          className={cn(field, 'pl-8')}
          data-testid="library-search"
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className="min-w-0">
          <span className={label}>{libraryMessages.from}</span>
          <input type="date" value={days.from} max={days.to || undefined} onChange={(e) => setDay('from', e.target.value)} className={field} />
        </label>
        <label className="min-w-0">
          <span className={label}>{libraryMessages.to}</span>
          <input type="date" value={days.to} min={days.from || undefined} onChange={(e) => setDay('to', e.target.value)} className={field} />
        </label>
        <label className="min-w-0">
          <span className={label}>{libraryMessages.session}</span>
          <select
            value={value.session ?? ''}
            onChange={(e) => onChange({ ...value, session: e.target.value || null })}
            className={field}
            data-testid="library-session"
          >
            <option value="">{libraryMessages.anySession}</option>
            {(sessions.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.session_name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className={label}>{libraryMessages.status}</span>
          <select
            value={value.status ?? ''}
            onChange={(e) => onChange({ ...value, status: (e.target.value || null) as LibraryStatus | null })}
            className={field}
            data-testid="library-status"
          >
            <option value="">{libraryMessages.anyStatus}</option>
            {LIBRARY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {libraryStatusLabel[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {filtered && (
        <button
          type="button"
          onClick={() => {
            setText('');
            setDays({ from: '', to: '' });
            onChange(noFilters);
          }}
          className="inline-flex items-center gap-1 rounded text-[12px] text-violet-300 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-400"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
          {libraryMessages.clearFilters}
        </button>
      )}
    </div>
  );
}
