/** seed 000 §5: zoom 10 to 1200 percent in steps of 50, default 100. */
export const ZOOM_MIN = 10;
export const ZOOM_MAX = 1200;
const ZOOM_STEP = 50;
export const ZOOM_DEFAULT = 100;

export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z)));
export const zoomIn = (z: number) => clampZoom(z + ZOOM_STEP);
export const zoomOut = (z: number) => clampZoom(z - ZOOM_STEP);

type ZoomKeyAction = 'in' | 'out' | 'reset';

/** True when the key press belongs to a text field, where = + - 0 are characters, not commands. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== 'object') return false;
  const el = target as { tagName?: string; isContentEditable?: boolean; type?: string };
  if (el.isContentEditable) return true;
  const tag = (el.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file'].includes((el.type ?? 'text').toLowerCase());
  return false;
}

/** seed 000 §5: = or + in, - out, 0 reset, ignored while typing and when a modifier turns the key into a browser shortcut. */
export function zoomKeyAction(e: { key: string; target: EventTarget | null; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): ZoomKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  if (e.key === '=' || e.key === '+') return 'in';
  if (e.key === '-' || e.key === '_') return 'out';
  if (e.key === '0') return 'reset';
  return null;
}

export function applyZoom(z: number, action: ZoomKeyAction): number {
  return action === 'in' ? zoomIn(z) : action === 'out' ? zoomOut(z) : ZOOM_DEFAULT;
}
