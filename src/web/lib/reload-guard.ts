/**
 * What an app-initiated reload (a new version) must respect: screens hold reloads while work would be lost by one
 * (an upload or an enhancement running) and register what to save before one (the open workspace session).
 */
type Listener = () => void;

const holds = new Map<string, string>();
const savers = new Set<() => Promise<unknown>>();
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** Holds reloads under `key` with a reason a user understands; returns the release. */
export function holdReloads(key: string, reason: string): () => void {
  holds.set(key, reason);
  notify();
  return () => {
    if (holds.delete(key)) notify();
  };
}

/** Why a reload must wait now, or null. */
export function reloadHeldBy(): string | null {
  return holds.values().next().value ?? null;
}

export function onReloadHoldsChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Work to finish before an app-initiated reload (each bounded by the caller's timeout); returns the unregistration. */
export function beforeAppReload(save: () => Promise<unknown>): () => void {
  savers.add(save);
  return () => savers.delete(save);
}

/** Saves what registered, within `timeoutMs`, then reloads; a failed save does not stop the reload. */
export async function reloadApp(timeoutMs = 5000): Promise<void> {
  await Promise.race([Promise.allSettled([...savers].map((s) => s())), new Promise((r) => setTimeout(r, timeoutMs))]);
  window.location.reload();
}
