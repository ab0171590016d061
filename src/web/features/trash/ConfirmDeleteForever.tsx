/** Delete forever asks first: it cannot be undone, and it names what goes (the image and its versions). */
import { fill } from '@shared/messages';
import { trashMessages } from '@shared/trash';
import type { TrashItem } from '@shared/api/trash';
import { useConfirm } from '@web/ui/confirm-dialog';
import { versionsLabel } from './format';

/** `ask(item)` opens the confirmation; `dialog` is rendered once beside the list. */
export function useConfirmDeleteForever(onConfirm: (item: TrashItem) => void) {
  return useConfirm(onConfirm, (item: TrashItem) => ({
    title: trashMessages.deleteForeverTitle,
    description:
      item.versions > 0
        ? fill(trashMessages.deleteForeverBody, { name: item.name, versions: versionsLabel(item.versions) })
        : fill(trashMessages.deleteForeverBodyNoVersions, { name: item.name }),
    confirm: trashMessages.deleteForever,
    cancel: trashMessages.cancel,
    testId: 'delete-forever-dialog',
  }));
}
