import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { drawStrokes, OVERLAY_OPACITY, OVERLAY_STROKE_COLOR } from '../lib/mask-raster';
import { msg } from '@shared/messages';
import { brushInImagePixels, toImagePoint, visibleStrokes, type MaskPoint, type MaskState } from '../lib/strokes';
import { useKeyboardBrush } from '../hooks/useKeyboardBrush';

interface MaskCanvasProps {
  /** The target image's own size: strokes are kept in its pixels. */
  natural: { width: number; height: number };
  mask: MaskState;
  /** Brush diameter as seen on screen. */
  brushSize: number;
  onStart: (point: MaskPoint, sizeInImagePx: number) => void;
  onMove: (point: MaskPoint) => void;
  onEnd: () => void;
  onCancel: () => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A painting surface laid exactly over an image (the card in place, or the modal's larger view). It paints the
 * semi-transparent gray-blue strokes of seed 000 §2 and shows the brush outline under the pointer. Focused (Tab), it
 * paints with the keyboard too (`useKeyboardBrush`).
 */
export function MaskCanvas({ natural, mask, brushSize, onStart, onMove, onEnd, onCancel, disabled, className, testId }: MaskCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [cursor, setCursor] = useState<{ x: number; y: number; d: number } | null>(null);
  const down = useRef(false);
  const keys = useKeyboardBrush({ canvasRef, natural, brushSize, onStart, onMove, onEnd, onCancel, showCursor: setCursor });

  // the canvas backing store follows the element's layout size (before any canvas zoom transform) and the screen density
  useLayoutEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const measure = () => setSize({ width: el.offsetWidth, height: el.offsetHeight });
    measure();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  useEffect(() => {
    const el = canvasRef.current;
    if (!el || size.width === 0 || natural.width === 0) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    el.width = Math.round(size.width * dpr);
    el.height = Math.round(size.height * dpr);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, el.width, el.height);
    drawStrokes(ctx, visibleStrokes(mask), OVERLAY_STROKE_COLOR, el.width / natural.width);
  }, [mask, size, natural.width]);

  const box = () => canvasRef.current!.getBoundingClientRect();

  const handlers = disabled
    ? {}
    : {
        onPointerDown: (e: PointerEvent<HTMLCanvasElement>) => {
          if (e.button !== 0) return;
          e.preventDefault();
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
          down.current = true;
          const r = box();
          onStart(toImagePoint(e.clientX, e.clientY, r, natural), brushInImagePixels(brushSize, r, natural));
        },
        onPointerMove: (e: PointerEvent<HTMLCanvasElement>) => {
          const el = e.currentTarget;
          const r = box();
          // the outline is drawn inside the (possibly zoomed) card, so its size is converted back to layout pixels
          const k = el.offsetWidth > 0 && r.width > 0 ? el.offsetWidth / r.width : 1;
          setCursor({ x: (e.clientX - r.left) * k, y: (e.clientY - r.top) * k, d: brushSize * k });
          if (down.current) {
            e.stopPropagation();
            onMove(toImagePoint(e.clientX, e.clientY, r, natural));
          }
        },
        onPointerUp: (e: PointerEvent<HTMLCanvasElement>) => {
          if (!down.current) return;
          e.stopPropagation();
          down.current = false;
          onEnd();
        },
        onPointerCancel: () => {
          if (!down.current) return;
          down.current = false;
          onCancel();
        },
        onPointerLeave: () => setCursor(null),
        ...keys,
      };

  return (
    <div
      className={`nodrag nopan nowheel absolute inset-0 has-[canvas:focus-visible]:ring-2 has-[canvas:focus-visible]:ring-inset has-[canvas:focus-visible]:ring-violet-400 ${disabled ? 'pointer-events-none' : ''} ${className ?? ''}`}
      data-testid={testId}
    >
      <canvas
        ref={canvasRef}
        tabIndex={disabled ? -1 : 0}
        role="application"
        aria-label={msg('maskKeyboardHint')}
        className={`h-full w-full touch-none outline-none ${disabled ? '' : 'cursor-none'}`}
        style={{ opacity: OVERLAY_OPACITY }}
        data-strokes={mask.strokes.length}
        {...handlers}
      />
      {cursor && !disabled && (
        <span
          aria-hidden
          className="pointer-events-none absolute rounded-full border-2 border-white/90 shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
          style={{ left: cursor.x - cursor.d / 2, top: cursor.y - cursor.d / 2, width: cursor.d, height: cursor.d }}
        />
      )}
    </div>
  );
}
