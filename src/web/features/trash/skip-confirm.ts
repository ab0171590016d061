/** "Don't ask again for this session" on deleting a card with results: kept for this browser tab's session only. */
import { SKIP_DELETE_CONFIRM_KEY } from '@shared/trash';

export function deleteConfirmSkipped(): boolean {
  try {
    return window.sessionStorage.getItem(SKIP_DELETE_CONFIRM_KEY) === '1';
  } catch {
    return false;
  }
}

export function skipDeleteConfirm(): void {
  try {
    window.sessionStorage.setItem(SKIP_DELETE_CONFIRM_KEY, '1');
  } catch {
    // storage off: the next deletion asks again, which is the safe side
  }
}
