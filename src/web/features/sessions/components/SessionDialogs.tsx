import { History, Loader2, Trash2 } from 'lucide-react';
import { msg } from '@shared/messages';
import type { SessionSummary } from '../api';
import type { WorkspaceSessions } from '../useWorkspaceSessions';
import { SaveSessionDialog } from './SaveSessionDialog';
import { useConfirmDeleteViewport } from './ConfirmDeleteViewport';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { formatDate, userLocale } from '@web/lib/dates';

function SessionList({
  sessions,
  currentId,
  loadingId,
  onLoad,
  onDelete,
}: {
  sessions: SessionSummary[];
  currentId: string | null;
  loadingId: string | null;
  onLoad: (id: string) => void;
  onDelete?: (s: SessionSummary) => void;
}) {
  // the Load button comes before the trash in each row, so the dialog's first focus lands on loading, never deleting
  if (sessions.length === 0) {
    return (
      <p className="py-6 text-center text-[14px] font-semibold text-zinc-300" data-testid="viewports-empty">
        {msg('viewportsEmpty')}
      </p>
    );
  }
  return (
    <ul className="max-h-[50vh] space-y-1.5 overflow-y-auto pr-1">
      {sessions.map((s) => (
        <li
          key={s.id}
          className="group flex items-center gap-2 rounded-lg border border-white/[0.07] bg-white/[0.03] px-3 py-2.5"
          data-testid="session-row"
          data-name={s.session_name}
        >
          <div className="min-w-0 flex-1">
            <p className="truncate text-[14px] font-medium text-zinc-100">
              {s.session_name}
              {s.id === currentId && <span className="ml-2 text-[11px] font-semibold uppercase tracking-wider text-violet-300">{msg('sessionCurrent')}</span>}
            </p>
            <p className="text-[12px] text-zinc-500">
              {msg('viewportUpdatedAt', { date: formatDate(s.updated_at, 'dateTime', userLocale()) })} ·{' '}
              {msg(s.image_count === 1 ? 'viewportImageCountOne' : 'viewportImageCount', { n: s.image_count })}
            </p>
          </div>
          <button type="button" className={canvasButton.secondary} data-testid="session-load" onClick={() => onLoad(s.id)} disabled={loadingId !== null}>
            {loadingId === s.id && <Loader2 className="h-4 w-4 animate-spin" />}
            {loadingId === s.id ? msg('sessionLoading') : msg('sessionLoad')}
          </button>
          {onDelete && (
            <button
              type="button"
              aria-label={msg('viewportDeleteLabel', { name: s.session_name })}
              onClick={() => onDelete(s)}
              className="flex h-8 w-8 items-center justify-center rounded-md text-zinc-500 opacity-0 hover:bg-red-500/15 hover:text-red-300 focus-visible:opacity-100 group-hover:opacity-100"
            >
              <Trash2 className="h-4 w-4" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every session dialog of the workspace: save, load, restore on arrival, and the local backup offer. */
export function SessionDialogs({ sessions }: { sessions: WorkspaceSessions }) {
  const d = sessions.saveDialog;
  // the first save of a workspace names it; Save As starts a new session beside the open one
  const saveTitle = d.open && d.mode === 'saveAs' ? msg('sessionSaveNewTitle') : msg('sessionSaveTitle');
  const backup = sessions.backupOffer;
  const confirmDelete = useConfirmDeleteViewport((s) => void sessions.deleteSession(s.id));
  return (
    <>
      {confirmDelete.dialog}
      <SaveSessionDialog
        open={d.open}
        title={saveTitle}
        busy={sessions.saving}
        onSubmit={(name) => void sessions.submitSaveDialog(name)}
        onCancel={sessions.cancelSaveDialog}
      />

      <Modal
        open={sessions.loadDialogOpen}
        onOpenChange={(o) => !o && sessions.closeLoadDialog()}
        title={msg('sessionLoadTitle')}
        width={520}
        testId="load-session-dialog"
      >
        <SessionList
          sessions={sessions.sessions}
          currentId={sessions.current?.id ?? null}
          loadingId={sessions.loadingId}
          onLoad={(id) => void sessions.load(id)}
          onDelete={confirmDelete.ask}
        />
        <div className="mt-4 flex justify-end">
          <button type="button" className={canvasButton.ghost} onClick={sessions.closeLoadDialog}>
            {msg('sessionCancel')}
          </button>
        </div>
      </Modal>

      <Modal
        open={sessions.showRestore}
        onOpenChange={(o) => !o && sessions.dismissRestore()}
        title={msg('sessionRestoreTitle')}
        description={msg('sessionRestoreBody')}
        width={520}
        testId="session-restore-dialog"
      >
        <SessionList
          sessions={sessions.sessions.slice(0, 6)}
          currentId={null}
          loadingId={sessions.loadingId}
          onLoad={(id) => void sessions.load(id).then((ok) => ok && sessions.dismissRestore())}
        />
        <div className="mt-4 flex justify-end">
          <button type="button" className={canvasButton.ghost} onClick={sessions.dismissRestore}>
            {msg('sessionRestoreFresh')}
          </button>
        </div>
      </Modal>

      <Modal
        open={backup !== null}
        onOpenChange={(o) => !o && sessions.discardBackup()}
        title={msg('backupTitle')}
        description={backup ? msg('backupBody', { time: formatDate(backup.savedAt, 'dateTime'), n: backup.data.images.length }) : undefined}
        testId="backup-dialog"
      >
        <div className="flex items-center gap-2 rounded-lg bg-white/[0.03] px-3 py-2 text-[13px] text-zinc-300 ring-1 ring-white/[0.06]">
          <History className="h-4 w-4 text-violet-300" />
          {backup?.sessionName ?? msg('workspaceUntitledSession')}
        </div>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={canvasButton.ghost} onClick={sessions.discardBackup}>
            {msg('backupDiscard')}
          </button>
          <button type="button" className={canvasButton.primary} onClick={() => void sessions.restoreBackup()}>
            {msg('backupRestore')}
          </button>
        </div>
      </Modal>
    </>
  );
}
