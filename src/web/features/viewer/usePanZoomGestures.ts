/**
 * Pointer, wheel and touch on the viewer's stage: the wheel zooms about the cursor, a drag (mouse, pen or one finger)
 * pans, two fingers pinch-zoom about their centre and pan with it, and a double click or double tap goes from Fit to
 * 100 % at that point (200 % when Fit already is 100 %) and back to Fit.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { wheelFactor, type Point } from './view-transform';
import type { ViewControls } from './useViewTransform';

/** Two taps closer than this in time and distance are a double tap. */
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_PX = 30;
/** A touch that moved less than this is a tap, not a pan. */
const TAP_SLOP_PX = 8;

export function usePanZoomGestures(stage: HTMLElement | null, controls: ViewControls) {
  const live = useRef({ controls });
  live.current = { controls };
  const pointers = useRef(new Map<number, Point>());
  const moved = useRef(0);
  const lastTap = useRef<{ t: number; p: Point } | null>(null);
  const lastTouch = useRef(0);
  /** The pane a gesture started in: side by side, both panes share one view, each measured from its own corner. */
  const pane = useRef<DOMRect | null>(null);

  const paneRect = (target: EventTarget | null) => ((target as Element | null)?.closest?.('[data-pane]') ?? stage)?.getBoundingClientRect() ?? null;
  const local = (clientX: number, clientY: number): Point => ({ x: clientX - (pane.current?.left ?? 0), y: clientY - (pane.current?.top ?? 0) });

  const toggleZoom = (at: Point) => {
    const { controls: c } = live.current;
    if (!c.fitted) return c.fit();
    // at Fit the controls' zoom is Fit's, in the shown version's pixels
    c.zoomTo(c.zoom < 0.999 ? 1 : 2, at);
  };

  // the wheel listener must not be passive, or the page would scroll/zoom as well
  useEffect(() => {
    const el = stage;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const r = paneRect(e.target) ?? el.getBoundingClientRect();
      live.current.controls.zoomBy(wheelFactor(e.deltaY * lines), { x: e.clientX - r.left, y: e.clientY - r.top });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [stage]);

  const centreAndSpread = () => {
    const [a, b] = [...pointers.current.values()];
    return { centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, spread: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    if (pointers.current.size === 0) pane.current = paneRect(e.target);
    pointers.current.set(e.pointerId, local(e.clientX, e.clientY));
    if (pointers.current.size === 1) moved.current = 0;
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    const { controls: c } = live.current;
    if (pointers.current.size >= 2) {
      const was = centreAndSpread();
      pointers.current.set(e.pointerId, local(e.clientX, e.clientY));
      const now = centreAndSpread();
      if (was.spread > 0) c.zoomBy(now.spread / was.spread, now.centre);
      c.pan(now.centre.x - was.centre.x, now.centre.y - was.centre.y);
      moved.current += TAP_SLOP_PX;
      return;
    }
    const p = local(e.clientX, e.clientY);
    pointers.current.set(e.pointerId, p);
    moved.current += Math.hypot(p.x - before.x, p.y - before.y);
    c.pan(p.x - before.x, p.y - before.y);
  };

  const onPointerUp = (e: ReactPointerEvent) => {
    const p = pointers.current.get(e.pointerId);
    pointers.current.delete(e.pointerId);
    if (e.pointerType === 'touch') lastTouch.current = performance.now();
    if (!p || e.pointerType !== 'touch' || pointers.current.size > 0 || moved.current > TAP_SLOP_PX) return;
    const now = performance.now();
    const prev = lastTap.current;
    if (prev && now - prev.t < DOUBLE_TAP_MS && Math.hypot(prev.p.x - p.x, prev.p.y - p.y) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      toggleZoom(p);
    } else {
      lastTap.current = { t: now, p };
    }
  };

  const onPointerCancel = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
  };

  const onDoubleClick = (e: React.MouseEvent) => {
    // a double tap is answered on pointer up (the browser may follow it with a double click): the mouse's here
    if (performance.now() - lastTouch.current < 800) return;
    pane.current = paneRect(e.target);
    toggleZoom(local(e.clientX, e.clientY));
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onDoubleClick };
}
