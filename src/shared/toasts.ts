/**
 * Toasts (seed 000 §4, 001 §9): at most 5 kept and 3 shown at once; each lasts 2000, 4000 or 5000 ms depending on
 * the screen it appears on, and an error at least 6000 ms on every screen (it must be read, then acted on).
 */
export const TOAST_LIMITS = { kept: 5, visible: 3 } as const;

export const TOAST_DURATION_MS = {
  /** sign-in, sign-up, password and contact forms, public pages: a refusal must be read before trying again */
  forms: 5000,
  /** the workspace and the Viewport Manager: progress and results while the user keeps working */
  workspace: 4000,
  /** profile, billing, admin: short confirmations of a setting saved */
  account: 2000,
} as const;

/** The least an error toast stays, whatever the screen: 2 s was too short to read a profile's refusal. */
export const TOAST_ERROR_MIN_MS = 6000;

export type ToastKind = 'error' | 'other';

const WORKSPACE = ['/enhance', '/viewports'];
const ACCOUNT = ['/profile', '/admin', '/payment-success', '/checkout-test', '/email-preview'];

const under = (pathname: string, prefixes: string[]) => prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

function screenDuration(pathname: string): number {
  if (under(pathname, WORKSPACE)) return TOAST_DURATION_MS.workspace;
  if (under(pathname, ACCOUNT)) return TOAST_DURATION_MS.account;
  return TOAST_DURATION_MS.forms;
}

/** How long a toast raised on this route stays, unless the call asks for its own time (an undo window). */
export function toastDurationFor(pathname: string, kind: ToastKind = 'other'): number {
  const screen = screenDuration(pathname);
  return kind === 'error' ? Math.max(screen, TOAST_ERROR_MIN_MS) : screen;
}
