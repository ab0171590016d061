/**
 * Deleting a saved viewport asks first: the trash icon sits on the card a click opens, and the deletion cannot be
 * undone. The dialog says what goes (the layout) and what stays (the images and their results).
 */
import { msg } from '@shared/messages';
import type { SessionSummary } from '../api';
import { useConfirm } from '@web/ui/confirm-dialog';

/** `ask(session)` opens the confirmation; `dialog` is rendered once beside the list. */
export function useConfirmDeleteViewport(onConfirm: (session: SessionSummary) => void) {
  return useConfirm(onConfirm, (session: SessionSummary) => ({
    title: msg('viewportDeleteTitle', { name: session.session_name }),
    description: msg('viewportDeleteBody'),
    confirm: msg('sessionDelete'),
    cancel: msg('sessionCancel'),
    testId: 'delete-viewport-dialog',
  }));
}
