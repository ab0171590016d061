import { Copy, Download, Loader2, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { msg } from '@shared/messages';
import { formatDate } from '@web/lib/dates';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import type { WorkspaceSessions } from '../useWorkspaceSessions';

function Choice({
  icon,
  label,
  hint,
  onClick,
  disabled,
  primary,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  onClick: () => void;
  disabled: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`flex w-full items-start gap-3 rounded-lg px-3.5 py-3 text-left ring-1 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:opacity-50 ${
        primary ? 'bg-violet-500/15 ring-violet-400/40 hover:bg-violet-500/25' : 'bg-white/[0.03] ring-white/[0.08] hover:bg-white/[0.07]'
      }`}
    >
      <span className="mt-0.5 text-violet-300 [&_svg]:h-4 [&_svg]:w-4">{icon}</span>
      <span className="min-w-0">
        <span className="block text-[14px] font-semibold text-zinc-100">{label}</span>
        <span className="mt-0.5 block break-words text-[12.5px] leading-snug text-zinc-400">{hint}</span>
      </span>
    </button>
  );
}

/**
 * A save refused because the session was saved on another device since this window's version: keep both, overwrite
 * the newer save, or reload it. Closing it chooses nothing (auto-save of the session stays paused).
 */
export function SessionConflictDialog({ sessions }: { sessions: WorkspaceSessions }) {
  const c = sessions.conflict;
  const choices = sessions.conflictChoices;
  const busy = choices.busy;
  return (
    <Modal
      open={c !== null}
      onOpenChange={(o) => !o && !busy && choices.dismiss()}
      title={msg('conflictTitle')}
      description={c ? msg('conflictBody', { name: c.details.session_name, time: formatDate(c.details.updated_at, 'dateTime') }) : undefined}
      width={500}
      testId="session-conflict-dialog"
    >
      {c?.auto && (
        <p className="mb-3 rounded-lg bg-amber-400/[0.07] px-3 py-2 text-[13px] text-amber-200 ring-1 ring-amber-300/20" data-testid="conflict-auto-paused">
          {msg('conflictAutoSavePaused')}
        </p>
      )}
      <div className="space-y-2">
        <Choice
          primary
          icon={<Copy />}
          label={msg('conflictKeepBoth')}
          hint={msg('conflictKeepBothHint', { name: choices.keepBothAs ?? '' })}
          onClick={() => void choices.keepBoth()}
          disabled={busy}
        />
        <Choice
          icon={<Upload />}
          label={msg('conflictOverwrite')}
          hint={msg('conflictOverwriteHint')}
          onClick={() => void choices.overwrite()}
          disabled={busy}
        />
        <Choice icon={<Download />} label={msg('conflictReload')} hint={msg('conflictReloadHint')} onClick={() => void choices.reload()} disabled={busy} />
      </div>
      <div className="mt-4 flex items-center justify-end gap-2">
        {busy && <Loader2 className="h-4 w-4 animate-spin text-zinc-400" aria-label={msg('sessionSaving')} />}
        <button type="button" className={canvasButton.ghost} onClick={choices.dismiss} disabled={busy}>
          {msg('sessionCancel')}
        </button>
      </div>
    </Modal>
  );
}
