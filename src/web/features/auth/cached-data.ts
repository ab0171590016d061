/**
 * Clear cache automatically (Settings → General, on unless switched off): signing out forgets what this browser
 * holds of the account. The answers kept in memory that no screen shows are dropped (the rest are fetched again,
 * signed out), and so is the local copy of a saved viewport's unsaved changes (seed 001 §7.6 viewport backup). A
 * copy of work that belongs to no saved viewport is kept: it exists nowhere else, and only its owner is offered it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { autoClearCacheEnabled } from '@web/lib/local-switches';
import { BACKUP_KEY } from '@web/features/sessions/lib/backup-key';

export function clearCachedData(queryClient: QueryClient, store: Pick<Storage, 'getItem' | 'removeItem'> | null = safeLocalStorage()): void {
  queryClient.removeQueries({ type: 'inactive' });
  if (!store) return;
  try {
    const raw = store.getItem(BACKUP_KEY);
    if (raw && backupOfSavedViewport(raw)) store.removeItem(BACKUP_KEY);
  } catch {
    // storage unavailable: nothing kept there to clear
  }
}

/** Clears the cached data when the switch is on; off, everything is kept. */
export function clearCachedDataIfWanted(queryClient: QueryClient): void {
  if (autoClearCacheEnabled()) clearCachedData(queryClient);
}

function backupOfSavedViewport(raw: string): boolean {
  try {
    const parsed = JSON.parse(raw) as { sessionId?: unknown } | null;
    return typeof parsed?.sessionId === 'string';
  } catch {
    // unreadable: of no use to anyone
    return true;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
