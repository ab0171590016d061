/** Delete forever asks first: it cannot be undone, and it names what goes (the image and its versions). */
import { useState } from 'react';
import { fill } from '@shared/messages';
import { trashMessages } from '@shared/trash';
import type { TrashItem } from '@shared/api/trash';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { versionsLabel } from './format';

export const buttonDanger =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-red-500/90 px-4 text-[13.5px] font-semibold text-white transition hover:bg-red-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-300';

/** `ask(item)` opens the confirmation; `dialog` is rendered once beside the list. */
export function useConfirmDeleteForever(onConfirm: (item: TrashItem) => void) {
  const [pending, setPending] = useState<TrashItem | null>(null);
  const body = pending
    ? pending.versions > 0
      ? fill(trashMessages.deleteForeverBody, { name: pending.name, versions: versionsLabel(pending.versions) })
      : fill(trashMessages.deleteForeverBodyNoVersions, { name: pending.name })
    : '';
  const dialog = (
    <Modal
      open={pending !== null}
      onOpenChange={(o) => !o && setPending(null)}
      title={trashMessages.deleteForeverTitle}
      description={body}
      testId="delete-forever-dialog"
    >
      <div className="flex justify-end gap-2">
        <button type="button" className={canvasButton.ghost} onClick={() => setPending(null)}>
          {trashMessages.cancel}
        </button>
        <button
          type="button"
          className={buttonDanger}
          autoFocus
          onClick={() => {
            if (pending) onConfirm(pending);
            setPending(null);
          }}
        >
          {trashMessages.deleteForever}
        </button>
      </div>
    </Modal>
  );
  return { ask: setPending, dialog };
}
