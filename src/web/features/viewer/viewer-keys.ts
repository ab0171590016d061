/**
 * The viewer's keyboard, as a pure map from a key press to what it does, so the keys can be tested without a DOM and
 * the shortcuts sheet lists the same ones.
 *
 *   Escape            close (focus goes back to the card)
 *   [ and ]           previous / next card; ← → do the same at Fit
 *   ← → ↑ ↓           pan when zoomed in (Shift: larger steps)
 *   0 or F            Fit;  A  100 %;  Z  200 %;  + and −  zoom in and out by a step
 *   1 … 9             show that version (side by side: on the right)
 *   L                 loupe on or off
 *   S                 side by side on or off;  C  before/after slider on or off
 */
export type ViewerKeyAction =
  | { type: 'close' }
  | { type: 'card'; step: 1 | -1 }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'zoom'; to: 'fit' | 1 | 2 }
  | { type: 'step'; direction: 1 | -1 }
  | { type: 'version'; index: number }
  | { type: 'loupe' }
  | { type: 'mode'; mode: 'side' | 'slider' };

interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** CSS pixels an arrow key pans by (Shift: a larger step). */
export const PAN_STEP = 60;
const BIG_PAN_STEP = 240;

/**
 * `fitted`: the view is at Fit, where the left and right arrows change card instead of panning. `versions`: how many
 * versions the card has (digits beyond are not the viewer's).
 */
export function viewerKeyAction(e: KeyLike, fitted: boolean, versions: number): ViewerKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const step = e.shiftKey ? BIG_PAN_STEP : PAN_STEP;
  switch (e.key) {
    case 'Escape':
      return { type: 'close' };
    case '[':
      return { type: 'card', step: -1 };
    case ']':
      return { type: 'card', step: 1 };
    case 'ArrowLeft':
      return fitted ? { type: 'card', step: -1 } : { type: 'pan', dx: step, dy: 0 };
    case 'ArrowRight':
      return fitted ? { type: 'card', step: 1 } : { type: 'pan', dx: -step, dy: 0 };
    case 'ArrowUp':
      return fitted ? null : { type: 'pan', dx: 0, dy: step };
    case 'ArrowDown':
      return fitted ? null : { type: 'pan', dx: 0, dy: -step };
    case '+':
    case '=':
      return { type: 'step', direction: 1 };
    case '-':
    case '_':
      return { type: 'step', direction: -1 };
    case '0':
      return { type: 'zoom', to: 'fit' };
  }
  const k = e.key.toLowerCase();
  if (k === 'f') return { type: 'zoom', to: 'fit' };
  if (k === 'a') return { type: 'zoom', to: 1 };
  if (k === 'z') return { type: 'zoom', to: 2 };
  if (k === 'l') return { type: 'loupe' };
  if (k === 's') return { type: 'mode', mode: 'side' };
  if (k === 'c') return { type: 'mode', mode: 'slider' };
  if (/^[1-9]$/.test(e.key) && Number(e.key) <= versions) return { type: 'version', index: Number(e.key) - 1 };
  return null;
}
