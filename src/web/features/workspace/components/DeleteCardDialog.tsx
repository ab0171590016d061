/**
 * Deleting a card with results asks first (its enhancements and removals were paid for), with "Don't ask again for
 * this session". The image goes to the Trash either way; the toast after it still offers Undo.
 */
import { useEffect, useState } from 'react';
import { fill } from '@shared/messages';
import { TRASH_RETENTION_DAYS, trashMessages } from '@shared/trash';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { versionsLabel } from '@web/features/trash/format';

export interface PendingDelete {
  key: string;
  name: string;
  versions: number;
}

export function DeleteCardDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingDelete | null;
  onConfirm: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}) {
  const [dontAsk, setDontAsk] = useState(false);
  useEffect(() => {
    if (pending) setDontAsk(false);
  }, [pending]);
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(o) => !o && onCancel()}
      title={trashMessages.confirmTitle}
      description={
        pending ? fill(trashMessages.confirmBody, { name: pending.name, versions: versionsLabel(pending.versions), days: TRASH_RETENTION_DAYS }) : ''
      }
      testId="delete-card-dialog"
    >
      <label className="flex cursor-pointer items-center gap-2.5 text-[13px] text-zinc-300">
        <input type="checkbox" className="h-4 w-4 accent-violet-500" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
        {trashMessages.dontAskAgain}
      </label>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={canvasButton.ghost} onClick={onCancel}>
          {trashMessages.cancel}
        </button>
        <button type="button" className={canvasButton.danger} autoFocus onClick={() => onConfirm(dontAsk)}>
          {trashMessages.confirmAction}
        </button>
      </div>
    </Modal>
  );
}
