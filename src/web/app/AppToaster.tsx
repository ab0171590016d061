import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast, Toaster, useSonner } from 'sonner';
import { TOAST_LIMITS, toastDurationFor } from '@shared/toasts';
import { TOAST_CORNER } from '@web/features/canvas-core/layout';
import { router } from './router';

const subscribeRoute = (onChange: () => void) => router.subscribe(onChange);
const currentPath = () => router.state.location.pathname;

/**
 * Below Tailwind's `sm` breakpoint the workspace's panel is a bottom sheet and the toolbar and the completion
 * overlay's caption sit under the navigation bar: toasts there cover the navigation bar only, clear of the overlay's
 * close button on the right.
 */
const PHONE_WORKSPACE_OFFSET = { top: 8, left: 16, right: 60 } as const;
const PHONE = '(max-width: 639px)';
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** Seed 000 §4: at most five toasts are kept; a sixth dismisses the oldest. */
function useKeptLimit() {
  const { toasts } = useSonner();
  useEffect(() => {
    // newest first
    for (const old of toasts.slice(TOAST_LIMITS.kept)) toast.dismiss(old.id);
  }, [toasts]);
}

/**
 * An error toast stays at least `TOAST_ERROR_MIN_MS` (`@shared/toasts`), however short its screen's toasts are;
 * sonner has one default time for every kind, so an error raised without a time of its own is given its time here,
 * as soon as it appears (before its first timer runs out, which starts over with the new time).
 */
function useErrorDuration(pathname: string) {
  const { toasts } = useSonner();
  useEffect(() => {
    const duration = toastDurationFor(pathname, 'error');
    // only the kept ones: touching one that the kept limit just dismissed would bring it back
    for (const t of toasts.slice(0, TOAST_LIMITS.kept)) {
      if (t.type === 'error' && t.duration === undefined && !t.delete) toast.error(t.title, { id: t.id, duration });
    }
  }, [toasts, pathname]);
}

const insideToasts = (node: EventTarget | null) => node instanceof Element && node.closest('[data-sonner-toaster]') !== null;

/**
 * A toast waits while the keyboard focus is on it, as sonner makes it wait under the pointer: while focus is inside the
 * toasts none of them runs out, and when it leaves each starts its own time again (an Undo reached with Tab is not
 * taken away while the user reads it).
 */
function useFocusPause() {
  const { toasts } = useSonner();
  const [focused, setFocused] = useState(false);
  // the paused toasts' own times (undefined: the screen's)
  const paused = useRef(new Map<string | number, number | undefined>());
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => setFocused(insideToasts(e.target));
    const onFocusOut = (e: FocusEvent) => {
      if (!insideToasts(e.relatedTarget)) setFocused(false);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  useEffect(() => {
    const live = toasts.slice(0, TOAST_LIMITS.kept).filter((t) => !t.delete);
    if (focused) {
      for (const t of live)
        if (!paused.current.has(t.id) && t.duration !== Infinity) {
          paused.current.set(t.id, t.duration);
          toast(t.title, { id: t.id, duration: Infinity });
        }
      return;
    }
    for (const [id, duration] of paused.current) {
      const t = live.find((k) => k.id === id);
      if (t) toast(t.title, { id, duration });
    }
    paused.current.clear();
  }, [focused, toasts]);
}

/**
 * Toasts: three shown, five kept, each lasting as long as its screen asks (`@shared/toasts`). Pages place them at
 * the top right below the navigation. In the workspace the top holds the toolbar (two rows on a tablet) and cards
 * are framed from the top right, so toasts sit at the bottom right beside the zoom controls, in a band the canvas
 * keeps free of cards when it frames them (`TOAST_CORNER`).
 */
export function AppToaster() {
  useKeptLimit();
  const pathname = useSyncExternalStore(subscribeRoute, currentPath);
  useErrorDuration(pathname);
  useFocusPause();
  const phone = useSyncExternalStore(subscribePhone, isPhone);
  const workspace = pathname === '/enhance' && !phone;
  const phoneWorkspace = pathname === '/enhance' && phone;
  return (
    <Toaster
      theme="dark"
      position={workspace ? 'bottom-right' : 'top-right'}
      offset={workspace ? { bottom: TOAST_CORNER.bottom, right: TOAST_CORNER.right } : { top: 128, right: 24 }}
      mobileOffset={phoneWorkspace ? PHONE_WORKSPACE_OFFSET : { top: 120, left: 16, right: 16 }}
      duration={toastDurationFor(pathname)}
      richColors
      closeButton
      visibleToasts={TOAST_LIMITS.visible}
    />
  );
}
