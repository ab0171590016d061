/** Pure rules of the before/after slider, kept apart from the component so they can be tested without a DOM. */

export const DEFAULT_POSITION = 50;
const MIN_POSITION = 0;
const MAX_POSITION = 100;
/** Below this (or above 100 minus this) a label would sit on top of the handle, so it is hidden. */
export const LABEL_EDGE = 10;
/** seed: both images must load; a slow network gets an error instead of an endless spinner. */
export const LOAD_TIMEOUT_MS = 10_000;

export function clampPosition(value: number): number {
  if (Number.isNaN(value)) return DEFAULT_POSITION;
  return Math.min(MAX_POSITION, Math.max(MIN_POSITION, value));
}

/** Percentage of the pointer's x across the image; outside the box it sticks to the nearest edge. */
export function positionFromPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return DEFAULT_POSITION;
  return clampPosition(((clientX - left) / width) * 100);
}

/**
 * The position a key moves to, or null when the key is not the slider's. Arrows step by 1 (10 with Shift),
 * PageUp/PageDown by 10, Home and End jump to the ends: the WAI-ARIA slider pattern.
 */
export function positionForKey(key: string, current: number, shiftKey = false): number | null {
  const step = shiftKey ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPosition(current - step);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPosition(current + step);
    case 'PageDown':
      return clampPosition(current - 10);
    case 'PageUp':
      return clampPosition(current + 10);
    case 'Home':
      return MIN_POSITION;
    case 'End':
      return MAX_POSITION;
    default:
      return null;
  }
}

/** BEFORE sits on the left (the part left of the handle), ENHANCED on the right. */
export function labelVisibility(position: number): { before: boolean; enhanced: boolean } {
  return { before: position >= LABEL_EDGE, enhanced: position <= MAX_POSITION - LABEL_EDGE };
}

type LoadState = 'loading' | 'ready' | 'error';

export interface SideLoad {
  before: 'loading' | 'loaded' | 'error';
  enhanced: 'loading' | 'loaded' | 'error';
  timedOut: boolean;
}

/** Ready only when both sides loaded; one failed side or the timeout is an error. */
export function loadState({ before, enhanced, timedOut }: SideLoad): LoadState {
  if (before === 'error' || enhanced === 'error') return 'error';
  if (before === 'loaded' && enhanced === 'loaded') return 'ready';
  return timedOut ? 'error' : 'loading';
}
