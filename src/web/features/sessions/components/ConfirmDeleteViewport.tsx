/**
 * Deleting a saved viewport asks first: the trash icon sits on the card a click opens, and the deletion cannot be
 * undone. The dialog says what goes (the layout) and what stays (the images and their results).
 */
import { useState } from 'react';
import { msg } from '@shared/messages';
import type { SessionSummary } from '../api';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';

const buttonDanger =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-red-500/90 px-4 text-[13.5px] font-semibold text-white transition hover:bg-red-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-300';

/** `ask(session)` opens the confirmation; `dialog` is rendered once beside the list. */
export function useConfirmDeleteViewport(onConfirm: (session: SessionSummary) => void) {
  const [pending, setPending] = useState<SessionSummary | null>(null);
  const dialog = (
    <Modal
      open={pending !== null}
      onOpenChange={(o) => !o && setPending(null)}
      title={pending ? msg('viewportDeleteTitle', { name: pending.session_name }) : ''}
      description={msg('viewportDeleteBody')}
      testId="delete-viewport-dialog"
    >
      <div className="flex justify-end gap-2">
        <button type="button" className={canvasButton.ghost} onClick={() => setPending(null)}>
          {msg('sessionCancel')}
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
          {msg('sessionDelete')}
        </button>
      </div>
    </Modal>
  );
  return { ask: setPending, dialog };
}
