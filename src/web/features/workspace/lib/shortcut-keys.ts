import { isTypingTarget } from '@web/features/canvas-core/zoom';

interface KeyLike {
  key: string;
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Inside an open dialog or menu a key is the dialog's, never the canvas's. */
const inDialog = (target: EventTarget | null) => !!(target as HTMLElement | null)?.closest?.('[role="menu"],[role="dialog"]');

/**
 * The selection and help keys: Ctrl/Cmd+A selects every card, `?` (Shift+/) opens the shortcuts sheet; never while
 * typing in a field (Ctrl+A there selects its text) or inside a dialog or menu.
 */
export function selectionKeyAction(e: KeyLike): 'selectAll' | 'shortcuts' | null {
  if (e.altKey || isTypingTarget(e.target) || inDialog(e.target)) return null;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') return 'selectAll';
  if (!e.ctrlKey && !e.metaKey && e.key === '?') return 'shortcuts';
  return null;
}

/** A Mac names the modifier ⌘. */
export const isMacPlatform = () =>
  typeof navigator !== 'undefined' &&
  /mac|iphone|ipad/i.test((navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '');
