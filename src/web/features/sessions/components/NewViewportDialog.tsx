/**
 * 'Create New Viewport' asks for the new viewport's name and, when the workspace has unsaved changes (its local
 * backup, which every window of this browser can read), offers to save them first: to the open session, or as a
 * viewport of their own. The workspace windows then follow the new, empty viewport over the live channel.
 */
import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@shared/messages';
import { SESSION_NAME_MAX } from '@shared/viewports';
import { useMe } from '@web/features/auth/session';
import { sessionErrorText, sessionsApi } from '../api';
import { VIEWPORTS_KEY } from '../hooks';
import { browserStore, clearBackup, readBackup, type ViewportBackup } from '../lib/local-backup';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';

const field =
  'h-10 w-full rounded-lg border border-white/10 bg-black/30 px-3 text-[14px] text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400/70 focus:outline-none focus:ring-2 focus:ring-violet-400/30';

export function NewViewportDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: () => void }) {
  const me = useMe();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [backup, setBackup] = useState<ViewportBackup | null>(null);
  const [saveFirst, setSaveFirst] = useState(true);
  const [saveAs, setSaveAs] = useState('');
  const [busy, setBusy] = useState(false);
  const userId = me.data?.user.id ?? null;

  useEffect(() => {
    if (!open) return;
    setName('');
    setSaveAs('');
    setSaveFirst(true);
    const store = browserStore();
    setBackup(store && userId ? readBackup(store, userId, Date.now()) : null);
  }, [open, userId]);

  const trimmed = name.trim();
  const saveAsName = saveAs.trim();
  const needsSaveAsName = backup !== null && saveFirst && !backup.sessionId;
  const disabled = busy || trimmed.length === 0 || (needsSaveAsName && saveAsName.length === 0);

  const submit = async () => {
    if (disabled) return;
    setBusy(true);
    try {
      if (backup && saveFirst) {
        // based on the version the changes were made on: a newer save from another device is refused, not overwritten
        if (backup.sessionId) await sessionsApi.update(backup.sessionId, backup.data, backup.baseVersion ?? 0);
        else await sessionsApi.create(saveAsName, backup.data);
        const store = browserStore();
        if (store) clearBackup(store);
      }
      await sessionsApi.createEmpty(trimmed);
      toast.success(msg('viewportNewCreated'));
      onClose();
      onCreated?.();
    } catch (err) {
      toast.error(sessionErrorText(err, msg('sessionCreateFailed'), msg('sessionLoginToCreate')));
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: VIEWPORTS_KEY });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={msg('viewportCreate')}
      description={msg('viewportCreateBody')}
      testId="new-viewport-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="viewport-name" className="mb-1.5 block text-[12.5px] font-medium text-zinc-300">
          {msg('viewportNameLabel')}
        </label>
        <input
          id="viewport-name"
          autoFocus
          value={name}
          maxLength={SESSION_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          placeholder={msg('viewportNamePlaceholder')}
          disabled={busy}
          className={field}
        />
        {backup && (
          <div className="mt-4 rounded-lg bg-amber-400/[0.06] p-3 text-[13px] text-zinc-300 ring-1 ring-amber-300/20" data-testid="new-viewport-unsaved">
            <p className="font-medium text-amber-200">{msg('viewportCreateUnsaved')}</p>
            <label className="mt-2 flex items-center gap-2">
              <input
                type="checkbox"
                checked={saveFirst}
                onChange={(e) => setSaveFirst(e.target.checked)}
                disabled={busy}
                className="h-4 w-4 accent-violet-500"
              />
              {backup.sessionId && backup.sessionName ? msg('viewportCreateSaveFirst', { name: backup.sessionName }) : msg('viewportCreateSaveFirstAs')}
            </label>
            {needsSaveAsName && (
              <input
                aria-label={msg('sessionNameLabel')}
                value={saveAs}
                maxLength={SESSION_NAME_MAX}
                onChange={(e) => setSaveAs(e.target.value)}
                placeholder={msg('sessionNamePlaceholder')}
                disabled={busy}
                className={`${field} mt-2`}
              />
            )}
          </div>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={canvasButton.ghost} onClick={onClose} disabled={busy}>
            {msg('sessionCancel')}
          </button>
          <button type="submit" className={canvasButton.primary} disabled={disabled}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" />}
            {msg('viewportCreateSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
