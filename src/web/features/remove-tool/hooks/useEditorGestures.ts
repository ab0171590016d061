/**
 * Pointer, wheel and touch on the masking window's stage. One pointer paints with the chosen tool (brush strokes,
 * a rectangle from corner to corner, a lasso along the pointer; the eraser or Alt takes paint away); a drag with
 * Space held or the middle button pans; two fingers pinch-zoom about their centre and pan with it (a stroke a first
 * finger started is dropped); the wheel zooms about the cursor; Escape drops a stroke or shape under way.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { picturePointAt, wheelFactor, type Point, type Size } from '../lib/editor-view';
import { rectangle, type MaskPoint } from '../lib/strokes';
import type { EditorTool } from '../lib/editor-keys';
import type { EditorView } from './useEditorView';

export interface PaintActions {
  startStroke: (point: MaskPoint, sizeInImagePx: number, erase?: boolean) => void;
  startShape: (points: MaskPoint[], erase?: boolean) => void;
  reshapeStroke: (points: MaskPoint[]) => void;
  moveStroke: (point: MaskPoint) => void;
  endStroke: () => void;
  abortStroke: () => void;
}

interface GestureOptions {
  stageEl: HTMLElement | null;
  view: EditorView;
  /** The picture's pixel size (the view's units) and the upload's (the mask's units). */
  picture: Size;
  natural: Size;
  tool: EditorTool;
  eraser: boolean;
  /** Brush diameter on screen. */
  brushSize: number;
  paint: PaintActions;
  /** Space held: a drag pans. */
  spaceHeld: () => boolean;
  /** While the picture loads nothing is painted. */
  disabled: boolean;
  showCursor: (at: Point | null) => void;
}

type Mode = { kind: 'none' } | { kind: 'paint'; anchor: MaskPoint } | { kind: 'pan' } | { kind: 'pinch' };

export function useEditorGestures(o: GestureOptions) {
  const live = useRef(o);
  live.current = o;
  const pointers = useRef(new Map<number, Point>());
  const mode = useRef<Mode>({ kind: 'none' });

  useEffect(() => {
    const el = o.stageEl;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (live.current.disabled) return;
      const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const r = el.getBoundingClientRect();
      live.current.view.zoomBy(wheelFactor(e.deltaY * lines), { x: e.clientX - r.left, y: e.clientY - r.top });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [o.stageEl]);

  // Escape during a stroke or shape drops it (the next Escape closes the window): heard before the dialog hears it
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || mode.current.kind !== 'paint') return;
      e.preventDefault();
      e.stopPropagation();
      live.current.paint.abortStroke();
      mode.current = { kind: 'none' };
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const local = (e: ReactPointerEvent): Point => {
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  /** A stage point in the upload's pixels, inside the picture. */
  const maskPoint = (at: Point): MaskPoint => {
    const { view, picture, natural } = live.current;
    const p = picturePointAt(view.view, at, picture);
    const k = picture.width > 0 ? natural.width / picture.width : 1;
    return { x: Math.min(natural.width, Math.max(0, p.x * k)), y: Math.min(natural.height, Math.max(0, p.y * k)) };
  };
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return { centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, d: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  const onPointerDown = (e: ReactPointerEvent) => {
    const o = live.current;
    if (o.disabled) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    const at = local(e);
    pointers.current.set(e.pointerId, at);
    if (pointers.current.size >= 2) {
      // a second finger: the gesture is a pinch, and what the first finger began is not a stroke
      if (mode.current.kind === 'paint') o.paint.abortStroke();
      mode.current = { kind: 'pinch' };
      return;
    }
    if (e.button === 1 || o.spaceHeld()) {
      mode.current = { kind: 'pan' };
      return;
    }
    const p = maskPoint(at);
    const erase = o.eraser !== e.altKey;
    if (o.tool === 'brush') {
      const scale = o.view.view.width / (o.natural.width || 1);
      o.paint.startStroke(p, o.brushSize / (scale || 1), erase);
    } else o.paint.startShape(o.tool === 'rect' ? rectangle(p, p) : [p], erase);
    mode.current = { kind: 'paint', anchor: p };
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const o = live.current;
    const at = local(e);
    if (e.pointerType !== 'touch') o.showCursor(at);
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    const m = mode.current;
    if (m.kind === 'pinch' && pointers.current.size >= 2) {
      const was = spread();
      pointers.current.set(e.pointerId, at);
      const now = spread();
      if (was.d > 0) o.view.zoomBy(now.d / was.d, now.centre);
      o.view.pan(now.centre.x - was.centre.x, now.centre.y - was.centre.y);
      return;
    }
    pointers.current.set(e.pointerId, at);
    if (m.kind === 'pan') o.view.pan(at.x - before.x, at.y - before.y);
    else if (m.kind === 'paint') {
      if (o.tool === 'rect') o.paint.reshapeStroke(rectangle(m.anchor, maskPoint(at)));
      else o.paint.moveStroke(maskPoint(at));
    }
  };

  const onPointerUp = (e: ReactPointerEvent) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (mode.current.kind === 'paint') live.current.paint.endStroke();
    if (pointers.current.size === 0 || mode.current.kind === 'paint') mode.current = { kind: 'none' };
  };

  const onPointerCancel = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (mode.current.kind === 'paint') live.current.paint.abortStroke();
    if (pointers.current.size === 0) mode.current = { kind: 'none' };
  };

  const onPointerLeave = () => live.current.showCursor(null);

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onPointerLeave };
}
