/**
 * A copy of the unsaved workspace in localStorage (seed 001 §7.6: 'viewport backup'), written while there are
 * unsaved changes and removed once they are saved or knowingly discarded. A tab that crashes or is closed keeps
 * it, and the next visit offers it back.
 */
import { sanitiseForLoad, type ViewportData } from '@shared/viewports';
import { BACKUP_KEY } from './backup-key';

export { BACKUP_KEY };

/** A backup older than this is stale: the uploads it points to may be gone and its signed URLs have expired. */
export const BACKUP_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ViewportBackup {
  userId: string;
  savedAt: number;
  /** The saved session the changes belong to, if any. */
  sessionId: string | null;
  sessionName: string | null;
  /** The session's version the changes are based on: saving them over a newer save elsewhere is refused. */
  baseVersion: number | null;
  /**
   * Changes set aside when the user chose to reload the newer save instead: the workspace is clean then, and the copy
   * is kept (and offered on the next visit) until the workspace changes again or is saved.
   */
  setAside?: boolean;
  data: ViewportData;
}

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function writeBackup(store: KeyValueStore, backup: ViewportBackup): boolean {
  try {
    store.setItem(BACKUP_KEY, JSON.stringify(backup));
    return true;
  } catch {
    // storage full or disabled (private mode): the backup is a convenience, never a reason to fail
    return false;
  }
}

export function readBackup(store: KeyValueStore, userId: string, now: number): ViewportBackup | null {
  let raw: string | null;
  try {
    raw = store.getItem(BACKUP_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    clearBackup(store);
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const b = parsed as Partial<ViewportBackup>;
  // another account on the same browser never sees this one's workspace
  if (b.userId !== userId) return null;
  if (typeof b.savedAt !== 'number' || now - b.savedAt > BACKUP_MAX_AGE_MS) {
    clearBackup(store);
    return null;
  }
  const data = sanitiseForLoad(b.data);
  if (data.images.length === 0) return null;
  return {
    userId,
    savedAt: b.savedAt,
    sessionId: typeof b.sessionId === 'string' ? b.sessionId : null,
    sessionName: typeof b.sessionName === 'string' ? b.sessionName : null,
    baseVersion: typeof b.baseVersion === 'number' && Number.isInteger(b.baseVersion) ? b.baseVersion : null,
    ...(b.setAside === true ? { setAside: true } : {}),
    data,
  };
}

export function clearBackup(store: KeyValueStore): void {
  try {
    store.removeItem(BACKUP_KEY);
  } catch {
    // nothing to do
  }
}

/** The browser's localStorage, or null where it is unavailable. */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}
