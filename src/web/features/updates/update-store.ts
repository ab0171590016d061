/**
 * Update detection (seed 000 §4, seed 001 §4 and §9): the app knows its build; the server's /api/version names
 * the deployed one. Checked every 24 hours, when the window gets focus (at most once a minute) and on demand.
 * With auto-update on, a 5-second countdown then a reload, but never within 30 seconds of the last update and
 * never while a screen holds reloads (an upload or an enhancement running); off, Update Now or dismiss.
 */
import { onReloadHoldsChange, reloadApp, reloadHeldBy } from '@web/lib/reload-guard';

const CHECK_INTERVAL_MS = 24 * 3600 * 1000;
const FOCUS_CHECK_MIN_GAP_MS = 60 * 1000;
const COUNTDOWN_SECONDS = 5;
const MIN_MS_BETWEEN_UPDATES = 30 * 1000;
const AUTO_KEY = 'auto-updates-enabled';
const LAST_UPDATE_KEY = 'last-update-time';

interface UpdateState {
  available: boolean;
  dismissed: boolean;
  /** Seconds left before the automatic reload, or null. */
  countdown: number | null;
  /** Why the reload waits (a running upload or enhancement), or null. */
  waitingFor: string | null;
}

let state: UpdateState = { available: false, dismissed: false, countdown: null, waitingFor: null };
const listeners = new Set<() => void>();
let lastCheck = 0;
let timer: ReturnType<typeof setInterval> | undefined;

const set = (next: Partial<UpdateState>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};
export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const getState = () => state;

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
export const autoUpdatesEnabled = () => read(AUTO_KEY) !== 'false';
export function setAutoUpdates(on: boolean) {
  try {
    localStorage.setItem(AUTO_KEY, String(on));
  } catch {
    /* storage off: the default stays */
  }
}

/** 'available', 'current', or throws when the server could not be asked. */
export async function checkNow(): Promise<'available' | 'current'> {
  const res = await fetch('/api/version', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`version check answered ${res.status}`);
  const { build } = (await res.json()) as { build?: string };
  if (!build || build === __APP_BUILD__) return 'current';
  if (!state.available) {
    set({ available: true, dismissed: false });
    startAutoUpdate();
  }
  return 'available';
}

/** A check nobody asked for: a failure is simply no update. */
const quietCheck = () => {
  lastCheck = Date.now();
  void checkNow().catch(() => undefined);
};

export async function updateNow() {
  try {
    localStorage.setItem(LAST_UPDATE_KEY, String(Date.now()));
  } catch {
    /* a plain reload all the same */
  }
  await reloadApp();
}

function startAutoUpdate() {
  if (!autoUpdatesEnabled()) return;
  const last = Number(read(LAST_UPDATE_KEY) ?? 0);
  // a reload that comes back to the same notice would loop: the user decides then
  if (Date.now() - last < MIN_MS_BETWEEN_UPDATES) return;
  let left = COUNTDOWN_SECONDS;
  set({ countdown: left });
  const tick = setInterval(() => {
    if (state.dismissed) {
      clearInterval(tick);
      return set({ countdown: null });
    }
    left = Math.max(0, left - 1);
    set({ countdown: left });
    if (left > 0) return;
    clearInterval(tick);
    const go = () => {
      const held = reloadHeldBy();
      set({ waitingFor: held });
      if (held) return;
      off();
      void updateNow();
    };
    const off = onReloadHoldsChange(go);
    go();
  }, 1000);
}

export const dismiss = () => set({ dismissed: true, countdown: null });

/** Starts the periodic and on-focus checks once per page. */
export function startUpdateChecks(): () => void {
  if (timer) return () => undefined;
  timer = setInterval(quietCheck, CHECK_INTERVAL_MS);
  const onFocus = () => {
    if (Date.now() - lastCheck >= FOCUS_CHECK_MIN_GAP_MS) quietCheck();
  };
  window.addEventListener('focus', onFocus);
  return () => {
    clearInterval(timer);
    timer = undefined;
    window.removeEventListener('focus', onFocus);
  };
}
