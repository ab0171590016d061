import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Loader2, Save } from 'lucide-react';
import { msg } from '@shared/messages';
import type { WorkspaceSessions } from '../useWorkspaceSessions';

const item =
  'flex cursor-default items-center justify-between gap-6 rounded-md px-2.5 py-1.5 outline-none data-[highlighted]:bg-white/[0.08] data-[disabled]:opacity-40';

/**
 * The toolbar's save control (seed 000 §2): without an open session it saves (opening the name dialog); with one, a
 * menu offers 'Save' (update) and 'Save As' (new).
 */
export function SessionSaveButton({ sessions, label = msg('sessionSave'), className }: { sessions: WorkspaceSessions; label?: string; className?: string }) {
  const base = `flex h-8 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-zinc-300 transition-colors hover:bg-white/[0.07] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:opacity-30 data-[state=open]:bg-white/[0.07] ${className ?? ''}`;
  const icon = sessions.saving ? <Loader2 className="h-4 w-4 animate-spin" /> : <Save className="h-4 w-4" />;
  if (!sessions.current) {
    return (
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-keyshortcuts="S"
        className={base}
        onClick={sessions.save}
        disabled={sessions.saving}
        data-testid="tool-save"
      >
        {icon}
      </button>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label={label} title={label} aria-keyshortcuts="S" className={base} disabled={sessions.saving} data-testid="tool-save">
          {icon}
          <ChevronDown className="h-3 w-3 opacity-70" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          sideOffset={8}
          align="start"
          className="z-50 min-w-[160px] rounded-lg border border-white/10 bg-[#1d1e23] p-1 text-[13px] text-zinc-200 shadow-2xl"
        >
          <DropdownMenu.Item className={item} onSelect={() => void sessions.update()} data-testid="menu-save">
            {msg('sessionSave')}
            <kbd aria-hidden className="font-mono text-[11px] text-zinc-500">
              S
            </kbd>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={sessions.saveAs} data-testid="menu-save-as">
            {msg('sessionSaveAs')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** What auto-save did last, beside the session's name: Saving…, Saved (until the next change), or Not saved. */
function autoSaveText(sessions: WorkspaceSessions): string | null {
  if (sessions.autoSave === 'saving') return msg('autoSaveSaving');
  if (sessions.autoSave === 'saved' && !sessions.dirty) return msg('autoSaveSaved');
  if (sessions.autoSave === 'failed' && sessions.dirty) return msg('autoSaveFailed');
  if (sessions.autoSave === 'conflict' && sessions.dirty) return msg('autoSaveConflict');
  return null;
}

/** The current session's name in the toolbar, with a dot while there are unsaved changes and auto-save's state. */
export function SessionName({ sessions }: { sessions: WorkspaceSessions }) {
  const name = sessions.current?.name ?? msg('workspaceUntitledSession');
  const autoSave = autoSaveText(sessions);
  return (
    <span className="flex shrink-0 items-center gap-1.5 px-2 text-[12px] text-zinc-300">
      <span className="flex max-w-[180px] items-center gap-1.5" title={name} data-testid="session-name">
        <span className="truncate">{name}</span>
        {sessions.dirty && <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-amber-400" aria-hidden data-testid="unsaved-dot" />}
      </span>
      <span role="status" className="text-[11px] text-zinc-500 empty:hidden" data-testid="auto-save-state" data-state={sessions.autoSave}>
        {autoSave}
      </span>
    </span>
  );
}
