import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { brushInImagePixels, type MaskPoint } from '../lib/strokes';

/** A step of the keyboard brush: 2% of the image's shorter side, 10% with Shift. */
const STEP = 0.02;
const BIG_STEP = 0.1;
const MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

interface KeyboardBrushOptions {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  natural: { width: number; height: number };
  brushSize: number;
  onStart: (point: MaskPoint, sizeInImagePx: number) => void;
  onMove: (point: MaskPoint) => void;
  onEnd: () => void;
  onCancel: () => void;
  /** Shows the brush outline at a point in the canvas's layout pixels (null hides it). */
  showCursor: (cursor: { x: number; y: number; d: number } | null) => void;
}

/**
 * Painting a mask with the keyboard, on the focused painting surface: the arrow keys move the brush (from the
 * image's centre), Enter paints a dot, Space puts the brush down (the arrows then paint) and lifts it again, Escape
 * drops a stroke being painted. The keys stay with the surface: they neither move the card nor reach the shortcuts.
 */
export function useKeyboardBrush({ canvasRef, natural, brushSize, onStart, onMove, onEnd, onCancel, showCursor }: KeyboardBrushOptions) {
  const point = useRef<MaskPoint | null>(null);
  const down = useRef(false);

  const show = (p: MaskPoint) => {
    const el = canvasRef.current;
    if (!el || natural.width === 0) return;
    const r = el.getBoundingClientRect();
    const k = r.width > 0 ? el.offsetWidth / r.width : 1;
    showCursor({ x: (p.x / natural.width) * el.offsetWidth, y: (p.y / natural.height) * el.offsetHeight, d: brushSize * k });
  };
  const here = () => point.current ?? { x: natural.width / 2, y: natural.height / 2 };
  const size = () => {
    const el = canvasRef.current;
    return el ? brushInImagePixels(brushSize, el.getBoundingClientRect(), natural) : brushSize;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const p = here();
    const move = MOVES[e.key];
    if (move) {
      const step = Math.max(1, Math.min(natural.width, natural.height) * (e.shiftKey ? BIG_STEP : STEP));
      const next = {
        x: Math.min(natural.width, Math.max(0, p.x + move[0] * step)),
        y: Math.min(natural.height, Math.max(0, p.y + move[1] * step)),
      };
      point.current = next;
      if (down.current) onMove(next);
      show(next);
    } else if (e.key === 'Enter' && !down.current) {
      onStart(p, size());
      onEnd();
    } else if (e.key === ' ') {
      if (down.current) onEnd();
      else onStart(p, size());
      down.current = !down.current;
    } else if (e.key === 'Escape' && down.current) {
      onCancel();
      down.current = false;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const onFocus = () => show(here());
  const onBlur = () => {
    if (down.current) onEnd();
    down.current = false;
    // once the focus has moved on: removing the outline while it moves would leave the focus on the page (a dialog
    // then takes it back to itself)
    setTimeout(() => {
      if (document.activeElement !== canvasRef.current) showCursor(null);
    });
  };
  return { onKeyDown, onFocus, onBlur };
}
