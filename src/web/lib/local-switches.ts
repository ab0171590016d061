/**
 * Switches kept in this browser (seed 001 §7.6 local preferences), each on unless switched off: a missing or
 * unreadable value is the default. Storage that refuses writes (a private window) keeps the default.
 */
export const AUTO_SAVE_KEY = 'auto-save-images';
export const AUTO_CLEAR_CACHE_KEY = 'auto-clear-cache';

export function switchOn(key: string): boolean {
  try {
    return localStorage.getItem(key) !== 'false';
  } catch {
    return true;
  }
}

export function setSwitch(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, String(on));
  } catch {
    /* storage off: the default stays */
  }
}

/** Auto-save images (Settings → General): the workspace saves the open session when it changes. */
export const autoSaveEnabled = () => switchOn(AUTO_SAVE_KEY);
/** Clear cache automatically (Settings → General): signing out forgets what this browser holds of the account. */
export const autoClearCacheEnabled = () => switchOn(AUTO_CLEAR_CACHE_KEY);
