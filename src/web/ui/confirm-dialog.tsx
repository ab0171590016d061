/**
 * A confirmation before something that cannot be undone: `ask(item)` opens it, `dialog` is rendered once beside the
 * list, and the destructive button (focused first, so Enter confirms and Escape cancels) calls `onConfirm(item)`.
 */
import { useState } from 'react';
import { canvasButton } from './button';
import { Modal } from './dialog';

export interface ConfirmText {
  title: string;
  description: string;
  confirm: string;
  cancel: string;
  testId: string;
}

export function useConfirm<T>(onConfirm: (item: T) => void, textOf: (item: T) => ConfirmText) {
  const [pending, setPending] = useState<T | null>(null);
  const text = pending === null ? null : textOf(pending);
  const dialog = (
    <Modal
      open={pending !== null}
      onOpenChange={(o) => !o && setPending(null)}
      title={text?.title ?? ''}
      description={text?.description ?? ''}
      testId={text?.testId}
    >
      <div className="flex justify-end gap-2">
        <button type="button" className={canvasButton.ghost} onClick={() => setPending(null)}>
          {text?.cancel}
        </button>
        <button
          type="button"
          className={canvasButton.danger}
          autoFocus
          onClick={() => {
            if (pending !== null) onConfirm(pending);
            setPending(null);
          }}
        >
          {text?.confirm}
        </button>
      </div>
    </Modal>
  );
  return { ask: setPending, dialog };
}
