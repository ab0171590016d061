/**
 * The masking window's keys, as a pure mapping so the shortcuts sheet (src/shared/shortcuts.ts, 'Masking window') and
 * the handler cannot drift apart: zoom (+ − 0), pan (arrows; Space held turns a drag into a pan, in the hook), the
 * tools (B R L, E for the eraser), show or hide the mask (H), undo and redo.
 */
export type EditorTool = 'brush' | 'rect' | 'lasso';

export type EditorKeyAction =
  | { type: 'zoom'; direction: 1 | -1 }
  | { type: 'fit' }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'tool'; tool: EditorTool }
  | { type: 'eraser' }
  | { type: 'toggleMask' }
  | { type: 'undo' }
  | { type: 'redo' };

/** An arrow press pans this many CSS pixels (four times with Shift). */
export const EDITOR_PAN_STEP = 60;

interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

const TOOLS: Record<string, EditorTool> = { b: 'brush', r: 'rect', l: 'lasso' };
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

export function editorKeyAction(e: KeyLike): EditorKeyAction | null {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.ctrlKey || e.metaKey) {
    if (e.altKey) return null;
    if (key === 'z') return e.shiftKey ? { type: 'redo' } : { type: 'undo' };
    if (key === 'y' && !e.shiftKey) return { type: 'redo' };
    return null;
  }
  if (e.altKey) return null;
  if (key === '+' || key === '=') return { type: 'zoom', direction: 1 };
  if (key === '-' || key === '_') return { type: 'zoom', direction: -1 };
  if (key === '0') return { type: 'fit' };
  const arrow = ARROWS[e.key];
  if (arrow) {
    const step = EDITOR_PAN_STEP * (e.shiftKey ? 4 : 1);
    // the arrow moves the view towards that side of the picture: the picture moves the other way
    return { type: 'pan', dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (e.shiftKey) return null;
  if (TOOLS[key]) return { type: 'tool', tool: TOOLS[key] };
  if (key === 'e') return { type: 'eraser' };
  if (key === 'h') return { type: 'toggleMask' };
  return null;
}
