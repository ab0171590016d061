/** The viewer's view (where the image is drawn and how large), its viewport's size, and the moves that change it. */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clampPan, fitView, panBy, stepZoom, zoomAbout, zoomAtCentre, zoomOf, type Point, type Size, type View } from './view-transform';

export interface ViewControls {
  view: View;
  viewport: Size;
  /** Zoom in the shown version's pixels (100 %: one of its pixels per CSS pixel). */
  zoom: number;
  /** At Fit: the whole image shown (arrows then change card). */
  fitted: boolean;
  fit: () => void;
  /** To a zoom in the shown version's pixels, about a point (default: the centre). */
  zoomTo: (zoom: number, at?: Point) => void;
  zoomBy: (factor: number, at: Point) => void;
  step: (direction: 1 | -1) => void;
  pan: (dx: number, dy: number) => void;
}

/**
 * `image` is the render's largest version (its pixels are the view's units: every version is drawn in one rectangle,
 * so switching version keeps the place and Fit is the same for all), `shown` the version on show (its pixels give
 * the zoom a user reads); `stage` the element the image is drawn in. The view follows the stage's size:
 * at Fit it fits again, otherwise it is clamped to the new size.
 */
export function useViewTransform(stage: HTMLElement | null, image: Size, shown: Size): ViewControls {
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [state, setState] = useState<{ view: View; fitted: boolean }>({ view: { x: 0, y: 0, width: 0 }, fitted: true });
  // shown-version zoom × unit = zoom in the view's units
  const unit = shown.width > 0 && image.width > 0 ? shown.width / image.width : 1;
  const live = useRef({ image, viewport, state, unit });
  live.current = { image, viewport, state, unit };

  useLayoutEffect(() => {
    const el = stage;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setViewport((v) => (v.width === r.width && v.height === r.height ? v : { width: r.width, height: r.height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [stage]);

  // a new viewport size or a version of another aspect: Fit stays Fit, a zoomed view stays where it can
  useEffect(() => {
    setState((s) => (s.fitted ? { view: fitView(image, viewport), fitted: true } : { view: clampPan(s.view, image, viewport), fitted: false }));
  }, [viewport, image.width, image.height]);

  const set = useCallback((fn: (v: View, image: Size, viewport: Size) => View) => {
    const { image: img, viewport: vp } = live.current;
    setState((s) => {
      const view = fn(s.view, img, vp);
      // zoomed back out to the whole image is Fit again
      return { view, fitted: Math.abs(view.width - fitView(img, vp).width) < 0.5 };
    });
  }, []);

  const fit = useCallback(() => {
    const { image: img, viewport: vp } = live.current;
    setState({ view: fitView(img, vp), fitted: true });
  }, []);
  const zoomTo = useCallback(
    (zoom: number, at?: Point) => {
      const z = zoom * live.current.unit;
      set((v, img, vp) => (at ? zoomAbout(v, z, at, img, vp) : zoomAtCentre(v, z, img, vp)));
    },
    [set],
  );
  const zoomBy = useCallback((factor: number, at: Point) => set((v, img, vp) => zoomAbout(v, zoomOf(v, img) * factor, at, img, vp)), [set]);
  const step = useCallback(
    (direction: 1 | -1) => {
      const u = live.current.unit;
      set((v, img, vp) => zoomAtCentre(v, stepZoom(zoomOf(v, img) / u, direction) * u, img, vp));
    },
    [set],
  );
  const pan = useCallback((dx: number, dy: number) => set((v, img, vp) => panBy(v, dx, dy, img, vp)), [set]);

  return { view: state.view, viewport, zoom: zoomOf(state.view, shown), fitted: state.fitted, fit, zoomTo, zoomBy, step, pan };
}
